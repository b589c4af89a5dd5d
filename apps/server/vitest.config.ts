import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One migrated database per engine, which each test database copies.
    globalSetup: ['src/testing/database-images.ts'],
    // Integration suites each create a database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Each file in a process of its own: sharing one (isolate: false) halved the suite's time
    // (287 → 142 s), but the invoice PDF test then once answered 500 in CI, cause not yet found.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
