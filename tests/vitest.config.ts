import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { vapPlugins } from '../apps/console/vite/vap-plugins.js';

export default defineConfig({
  // The console's plugin list (virtual:vap-plugins), for tests that load the console's plugins.
  plugins: [
    vapPlugins({ appDir: join(import.meta.dirname, '../apps/console'), stylesheet: 'src/styles.css' }),
  ],
  test: {
    include: ['e2e/**/*.test.ts', 'integration/**/*.test.ts'],
    environment: 'node',
    // One server and one browser at a time: the machine has two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's default second is short for a browser on a loaded 2-core machine; a poll ends as
    // soon as it passes, so only a failure waits this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
