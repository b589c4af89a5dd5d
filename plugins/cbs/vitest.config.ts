import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A test renders pages whose code and locale chunks load through Vite's transform; while the
    // server suites run beside it on a two-core CI machine, a few waits in a row outlast 5 s.
    testTimeout: 30_000,
  },
});
