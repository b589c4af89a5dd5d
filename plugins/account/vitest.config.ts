import { packageTests } from '@vap/kernel/test-config';
import { defineConfig } from 'vitest/config';

export default defineConfig(
  // Unlike the other packages, each file has its own jsdom: sharing one, a focus trap left by one
  // file's dialogs sends the next file's focus events round in circles (stack overflow).
  packageTests({ isolate: true }),
);
