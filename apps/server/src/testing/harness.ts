/**
 * Integration-test harness: the real app on a real database. PGlite in memory always; PostgreSQL
 * too when TEST_DATABASE_URL is set, in a database created for the suite and dropped after it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginManifest } from '@vap/contracts';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppOptions, buildApp } from '../app.js';
import { PasswordHasher } from '../core/auth/passwords.js';
import { ServerSecrets } from '../core/crypto/secrets.js';
import { type Database, openDatabase } from '../core/db/client.js';
import { PluginMenus } from '../modules/menu/index.js';
import { md5Hex, seedDemo } from '../seed.js';
import { createPostgresDatabase, testDatabaseUrl } from './postgres-databases.js';

import type { Engine, TestApp } from './test-app.js';

export { bearer, type Engine, type TestApp } from './test-app.js';

/** The engines this run covers. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const TEST_DEMO = {
  account: '13800138000',
  email: 'owner@vap-demo.com',
  password: 'demo-pass-1',
} as const;

export interface TestDatabase {
  database: Database;
  /** The address of a PostgreSQL test database, for a second client. */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A test database of the suite's own on `engine`: made before its first test (before the suite's
 * own hooks registered after this call) and dropped after its last. Answers a function that gives
 * it once made.
 */
export function databasePerSuite(engine: Engine): () => Database {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.drop();
  });
  return () => {
    if (!test) throw new Error('the suite database is made before the first test');
    return test.database;
  };
}

let migratedImage: Promise<Blob> | undefined;

/**
 * The run's migrated PGlite data directory (database-images.ts), read once per worker: a
 * PGlite created from it (`loadDataDir`) skips initdb.
 */
export function migratedPglite(): Promise<Blob> {
  migratedImage ??= readFile(inject('pgliteImage')).then((bytes) => new Blob([bytes]));
  return migratedImage;
}

/**
 * A fresh database of the given engine. Migrated (the default), it is a copy of the run's migrated
 * database (database-images.ts): a PGlite loaded from the dump of that one's data directory, or a
 * PostgreSQL database created with that one as its template (postgres-databases.ts) — either way it
 * holds what the migrations made, no migration runs, and the app's own `migrate()` finds nothing
 * left to apply. Not migrated, it is empty, for the tests of the migrations themselves.
 */
export async function createTestDatabase(engine: Engine, { migrated = true } = {}): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const database = await openDatabase({
      engine: 'pglite',
      dataDir: null,
      ...(migrated ? { image: await migratedPglite() } : {}),
    });
    return { database, drop: () => database.close() };
  }
  const copy = await createPostgresDatabase(testDatabaseUrl(), {
    copyOf: migrated ? inject('postgresTemplate') : null,
  });
  const database = await openDatabase({ engine: 'postgres', url: copy.url, max: 4 }).catch(async (error) => {
    await copy.drop();
    throw error;
  });
  return {
    database,
    url: copy.url,
    async drop() {
      await database.close();
      await copy.drop();
    },
  };
}

export async function createTestApp(
  engine: Engine,
  options: Pick<
    AppOptions,
    | 'onRoute'
    | 'timeouts'
    | 'objectBackend'
    | 'smsProvider'
    | 'scanProvider'
    | 'taskTickMs'
    | 'clock'
    | 'publicUrl'
    | 'terminal'
    | 'paymentProvider'
    | 'refuseDevelopmentProviders'
    | 'mqttBroker'
    | 'logger'
    | 'bankAccount'
    | 'pluginServers'
    | 'lvlmLab'
    | 'plateEngine'
    | 'prsTrialsPerDay'
    | 'voip'
  > & {
    jwtExpiresIn?: number;
    bodyLimit?: number;
    /** false: the app of a production without DEV_OUTBOX (no outbox, no development scan confirmation). */
    devOutbox?: boolean;
    /** Console plugins whose menu entries are installed before the app starts, as main.ts does. */
    pluginManifests?: readonly PluginManifest[];
  } = {},
): Promise<TestApp> {
  const {
    jwtExpiresIn = 3600,
    bodyLimit = 1_048_576,
    devOutbox = true,
    pluginManifests,
    ...appOptions
  } = options;
  const { database, drop } = await createTestDatabase(engine);
  const passwords = new PasswordHasher(2);
  const serverSecret = randomBytes(32).toString('hex');
  await seedDemo(database.db, passwords, TEST_DEMO, serverSecret);
  if (pluginManifests) await new PluginMenus(database.db).sync(pluginManifests);
  // The object store of this app, removed with it.
  const dataDir = await mkdtemp(join(tmpdir(), 'vap-test-app-'));
  const { app, services } = await buildApp({
    database,
    passwords,
    serverSecret,
    jwtExpiresIn,
    bodyLimit,
    verifyCompany: true,
    consoleDir: null,
    dataDir,
    devOutbox,
    // The app's own options as the test gives them: buildApp takes one left undefined as not given.
    ...appOptions,
  });
  await app.ready();
  return {
    app,
    services,
    database,
    serverSecret,
    secrets: new ServerSecrets(serverSecret),
    dataDir,
    async signIn(account = TEST_DEMO.account, password = TEST_DEMO.password) {
      const response = await app.inject({
        method: 'POST',
        url: '/webapi/v0/pms/users/login_password',
        payload: { account, password: md5Hex(password) },
      });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The statements the app sends to its database while `action` runs, counted where Drizzle hands
 * them to the driver (PGlite's `query`, postgres.js's `unsafe`).
 */
export async function statementsDuring(
  database: Database,
  action: () => Promise<unknown>,
): Promise<string[]> {
  const client = (
    database.db as unknown as { $client: Record<'query' | 'unsafe', (text: string) => unknown> }
  ).$client;
  const entry = database.engine === 'pglite' ? 'query' : 'unsafe';
  const original = client[entry];
  const statements: string[] = [];
  client[entry] = function (this: unknown, text: string, ...rest: unknown[]) {
    statements.push(text);
    return (original as (...args: unknown[]) => unknown).call(this, text, ...rest);
  } as (text: string) => unknown;
  try {
    await action();
  } finally {
    client[entry] = original;
  }
  return statements;
}
