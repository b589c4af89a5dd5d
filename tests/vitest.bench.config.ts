import { defineConfig } from 'vitest/config';

/** `npm run bench`: measurements that print ratios; never part of `npm test`. */
export default defineConfig({
  test: {
    include: ['bench/**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
