/**
 * A SIP server for a test suite: a PostgreSQL database of the suite's own (migrated), Kamailio
 * started on free ports with the repository's configuration against it, and SIP.js phones over
 * its WebSocket listener, all stopped after the suite. Suites run only where PostgreSQL
 * (TEST_DATABASE_URL) is given and Kamailio is installed, and say so when skipped.
 */
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../testing/harness.js';
import { type KamailioOptions, kamailioBinary, type RunningKamailio, startKamailio } from './kamailio.js';
import type { TestExtension } from './test-fixtures.js';
import { startPhone, type TestPhone, useWsAsWebSocket } from './test-phones.js';

export const TEST_SIP_DOMAIN = 'sip.test';

/** Whether the SIP server's tests can run here; logs why not when they cannot. */
export function sipServerTestable(): boolean {
  const runnable = Boolean(process.env.TEST_DATABASE_URL) && kamailioBinary() !== null;
  if (!runnable) {
    console.info(
      'SIP server tests skipped: they need PostgreSQL (TEST_DATABASE_URL) and Kamailio installed (.ci/run installs it)',
    );
  }
  return runnable;
}

/** Reads until `done` holds or `ms` pass; answers the last reading. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

export interface DialRecord {
  company_id: number;
  call_id: string;
  caller: string;
  callee: string;
  call_center_id: number | null;
  call_center_dial_id: string | null;
  agent: string | null;
  started_at: Date;
  answered_at: Date | null;
  ended_at: Date;
  duration: number;
  result: string;
}

/** A live registration of an extension (a kam_location row not expired). */
export interface Location {
  contact: string;
  user_agent: string;
  received: string | null;
}

export interface PhoneOverrides {
  password?: string;
  domain?: string;
  authUser?: string;
}

export interface SipTestServer {
  sql(): postgres.Sql;
  kamailio(): RunningKamailio;
  /** A phone for `extension` (its own credentials and domain unless overridden), stopped after the test. */
  phone(extension: TestExtension, overrides?: PhoneOverrides): Promise<TestPhone>;
  /** Stops Kamailio and starts it again on the same ports. */
  restartKamailio(): Promise<void>;
  /** The dial records of the call with this Call-ID, once one is written (or after 4 s). */
  dialRecords(callId: string): Promise<DialRecord[]>;
  /** The extension's live registrations. */
  locations(extension: TestExtension): Promise<Location[]>;
  /** The extension's live registrations once it has one, or after `ms`. */
  located(extension: TestExtension, ms?: number): Promise<Location[]>;
  /** The extension's live registrations once it has none left, or after `ms`. */
  unlocated(extension: TestExtension, ms?: number): Promise<Location[]>;
  /** A registered phone for each extension, in order. */
  registered<T extends TestExtension[]>(...extensions: T): Promise<{ [K in keyof T]: TestPhone }>;
}

export function sipTestServer(
  seed: (sql: postgres.Sql) => Promise<void>,
  options: Pick<KamailioOptions, 'directRingMs'> = {},
): SipTestServer {
  let test: TestDatabase | undefined;
  let sql: postgres.Sql | undefined;
  let kamailio: RunningKamailio | undefined;
  let restoreWebSocket: (() => void) | undefined;
  const phones: TestPhone[] = [];

  beforeAll(async () => {
    restoreWebSocket = useWsAsWebSocket();
    test = await createTestDatabase('postgres');
    sql = postgres(test.url ?? '', { max: 2, onnotice: () => {} });
    await seed(sql);
    kamailio = await startKamailio({ databaseUrl: test.url ?? '', sipDomain: TEST_SIP_DOMAIN, ...options });
  });

  // Each test starts with no phone registered: those of the last test unregister and stop.
  afterEach(async () => {
    const stopping = phones.splice(0);
    await Promise.all(stopping.map((each) => each.stop()));
    if (sql && stopping.length > 0) {
      const db = sql;
      await until(
        () => db`select 1 from kam_location where expires > timezone('UTC', now())`,
        (rows) => rows.length === 0,
        3000,
      );
    }
  });

  afterAll(async () => {
    await kamailio?.stop();
    await sql?.end();
    await test?.drop();
    restoreWebSocket?.();
  });

  const server: SipTestServer = {
    sql() {
      if (!sql) throw new Error('the SIP test server starts before the first test');
      return sql;
    },
    kamailio() {
      if (!kamailio) throw new Error('the SIP test server starts before the first test');
      return kamailio;
    },
    async phone(extension, overrides = {}) {
      const started = await startPhone({
        wsUrl: server.kamailio().wsUrl,
        dialId: extension.dialId,
        domain: overrides.domain ?? extension.domain,
        password: overrides.password ?? extension.password,
        ...(overrides.authUser ? { authUser: overrides.authUser } : {}),
      });
      phones.push(started);
      return started;
    },
    async restartKamailio() {
      const running = server.kamailio();
      await running.stop();
      kamailio = await startKamailio({
        databaseUrl: test?.url ?? '',
        sipDomain: TEST_SIP_DOMAIN,
        ...options,
        sipPort: running.sipPort,
        wsPort: running.wsPort,
      });
    },
    dialRecords(callId) {
      return until(
        () => server.sql()<DialRecord[]>`select * from voip_dial_records where call_id = ${callId}`,
        (found) => found.length > 0,
        4000,
      );
    },
    locations(extension) {
      return server.sql()<Location[]>`
        select contact, user_agent, received from kam_location
        where username = ${extension.dialId} and domain = ${extension.domain} and expires > timezone('UTC', now())`;
    },
    located(extension, ms = 3000) {
      return until(
        () => server.locations(extension),
        (found) => found.length > 0,
        ms,
      );
    },
    unlocated(extension, ms = 3000) {
      return until(
        () => server.locations(extension),
        (found) => found.length === 0,
        ms,
      );
    },
    async registered<T extends TestExtension[]>(...extensions: T) {
      const started = await Promise.all(
        extensions.map(async (extension) => {
          const started = await server.phone(extension);
          if (!(await started.register())) throw new Error(`${extension.dialId} did not register`);
          return started;
        }),
      );
      return started as { [K in keyof T]: TestPhone };
    },
  };
  return server;
}
