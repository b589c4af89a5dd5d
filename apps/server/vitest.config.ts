import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One migrated database per engine, which each test database copies.
    globalSetup: ['src/testing/database-images.ts'],
    // Integration suites each create a database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Test files share their worker's process: isolating each (the default) cost the suite about
    // 40% more CPU on a 2-core machine.
    isolate: false,
    // A few tests make an app of their own settings inside the test: on a CI machine whose cores the
    // browser tests share, that alone once took 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // What a test waits for with expect.poll (a device's answer through the broker, a row written
    // after the answer) arrives in milliseconds, but not always within Vitest's default second when
    // the browser suites and the console's tests share the cores: the remote terminal's banner once
    // missed it. A poll ends as soon as it passes; only a failure waits this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
