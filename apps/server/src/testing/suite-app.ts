/**
 * The app a describe block's tests share: started before its first test and closed after its last,
 * alone (`blockApp`) or with the owner its tests act as (`suiteApp`).
 */
import { afterAll, beforeAll } from 'vitest';
import { addAccount } from './accounts.js';
import { createTestApp, type Engine, type TestApp } from './harness.js';
import { demoOwner } from './test-app.js';

export interface SuiteApp {
  t: TestApp;
  /** The headers of the owner's calls. */
  owner: Record<string, string>;
  /** The owner's company. */
  companyId: number;
}

/** The app's own options (createTestApp's). */
export type TestAppOptions = Parameters<typeof createTestApp>[1];

type Keep = (t: TestApp) => unknown;

/**
 * Starts the block's app on `engine` (with the app's own `options`) before its first test and hands
 * it to `keep`, which the block's own preparation may follow; closes it after the block's last test.
 */
export function blockApp(engine: Engine, keep: Keep): void;
export function blockApp(engine: Engine, options: TestAppOptions, keep: Keep): void;
export function blockApp(engine: Engine, ...rest: [Keep] | [TestAppOptions, Keep]): void {
  const [options, keep] = rest.length === 1 ? [undefined, rest[0]] : rest;
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(engine, options);
    await keep(t);
  });
  afterAll(() => t?.close());
}

/**
 * Starts the block's app on `engine` and hands it to `keep`, which the block's own preparation may
 * follow. The owner is the demo company's, or with `owner: 'own'` that of a new verified company of
 * its own, whose devices and groups no other test touches; `app`, the app's own options.
 */
export function suiteApp(
  engine: Engine,
  keep: (app: SuiteApp) => unknown,
  { owner = 'demo', app }: { owner?: 'demo' | 'own'; app?: TestAppOptions } = {},
): void {
  blockApp(engine, app, async (t) => {
    if (owner === 'demo') {
      const demo = await demoOwner(t);
      await keep({ t, owner: demo.headers, companyId: demo.companyId });
    } else {
      const account = await addAccount(t, { company: 'own', verifyStatus: 2 });
      await keep({ t, owner: account.headers, companyId: account.companyId ?? 0 });
    }
  });
}
