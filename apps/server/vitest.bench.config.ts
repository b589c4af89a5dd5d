import { defineConfig } from 'vitest/config';

/**
 * `npm run bench`: the server's measurements at fleet scale, which print ratios and take minutes
 * (100,000 devices bound on each engine); never part of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.bench.ts'],
    // One migrated database per engine, which each test database copies.
    globalSetup: ['src/testing/database-images.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
