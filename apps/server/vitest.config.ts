import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One migrated database per engine, which each test database copies.
    globalSetup: ['src/testing/database-images.ts'],
    // Integration suites each create a database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // The files of a worker share one module graph: importing the app again for each file cost more
    // than half of the suite's time (287 → 142 s).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
