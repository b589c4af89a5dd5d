import { packageTests } from '@vap/kernel/test-config';
import { defineConfig } from 'vitest/config';

// Every file's clean-up after each test (test-setup.ts).
export default defineConfig(packageTests({ setupFiles: ['src/test-setup.ts'] }));
