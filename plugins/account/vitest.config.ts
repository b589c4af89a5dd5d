import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Unlike the other packages, each file has its own jsdom: sharing one, a focus trap left by one
    // file's dialogs sends the next file's focus events round in circles (stack overflow).
    // A test renders pages whose code and locale chunks load through Vite's transform; while the
    // server suites run beside it on a two-core CI machine, a few waits in a row outlast 5 s.
    testTimeout: 30_000,
  },
});
