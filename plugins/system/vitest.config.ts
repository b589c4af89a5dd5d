import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Every file's clean-up after each test (test-setup.ts).
    setupFiles: ['src/test-setup.ts'],
    // The test files of a worker share one module graph and one jsdom: each file's own would cost
    // more than its tests (the devices plugin's tests: 63 → 36 s of CPU).
    isolate: false,
    // A test renders pages whose code and locale chunks load through Vite's transform; while the
    // server suites run beside it on a two-core CI machine, a few waits in a row outlast 5 s.
    testTimeout: 30_000,
  },
});
