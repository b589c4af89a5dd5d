/**
 * What a test holds of the app it started (harness.ts starts it): a file of its own, importing no
 * module, so that a module's test-support.ts can take a test app without importing the harness —
 * which imports app.ts and with it every module.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerSecrets } from '../core/crypto/secrets.js';
import type { Database } from '../core/db/client.js';
import type { ModuleServices } from '../core/modules.js';

export type Engine = 'pglite' | 'postgres';

export interface TestApp {
  app: FastifyInstance;
  /** What the app's modules offer: the broker, the engines the tests tick, the buffers they flush. */
  services: ModuleServices;
  database: Database;
  serverSecret: string;
  /** The sealed boxes of the app's server secret (`secrets.box(DEVICE_SECRETS)`). */
  secrets: ServerSecrets;
  /** The app's DATA_DIR (its object store); removed on close. */
  dataDir: string;
  /** Signs in as the demo owner (or another account) and returns the token. */
  signIn(account?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The calls a test makes of the app `app()` answers once started, at a path below /webapi, as the
 * caller of `headers` (`owner()` unless given), in `language` (English unless given).
 */
export function apiCalls(app: () => TestApp, owner: () => Record<string, string>) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers = owner(),
    language = 'en',
  ) =>
    app().app.inject({
      method,
      url: `/webapi${url}`,
      headers: { ...headers, 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
}

/**
 * The demo owner (harness.ts's TEST_DEMO) signed in: the headers of their calls and their company,
 * the demo company, as the app answers it to them.
 */
export async function demoOwner(t: TestApp): Promise<{ headers: Record<string, string>; companyId: number }> {
  const headers = bearer(await t.signIn());
  const info = await t.app.inject({ method: 'GET', url: '/webapi/v1/pms/user', headers });
  return { headers, companyId: info.json<{ company: { id: number } }>().company.id };
}
