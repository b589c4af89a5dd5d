/**
 * What a whole run of the real server writes to its stdout and stderr holds no secret: not the
 * stored password hash, not an SMS code, not an access key's secret, not the parameters of a
 * failed query (PostgreSQL only, see below), even at LOG_LEVEL=trace.
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ACCESS_KEY_PATHS, AUDIT_PATHS, AUTH_PATHS, encodeListParam } from '@vap/contracts';
import { createPostgresDatabase, type PostgresDatabase } from '@vap/server/testing/postgres-databases';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, smsCode } from '../support/outbox.js';
import { DEMO, startServer } from '../support/server.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** The code as a number of its own, not six digits inside a timestamp or a port. */
const standalone = (code: string) => new RegExp(`(?<!\\d)${code}(?!\\d)`);
const JWT_SECRET = 'log-test-secret-log-test-secret-log-test';
/** A filter value the audit list's query carries as a parameter, made to fail on PostgreSQL. */
const QUERY_PARAMETER = 'log-test-parameter-7f3a';

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Solves a puzzle captcha with `answer` and asks for a sign-in code for the demo owner's phone. */
async function requestSmsCode(url: string, answer: (captchaId: string) => Promise<number>) {
  const captcha = (await (await post(`${url}/webapi${AUTH_PATHS.puzzleCaptcha}`, {})).json()) as {
    id: string;
  };
  const response = await post(`${url}/webapi${AUTH_PATHS.smsCode}`, {
    phone: DEMO.account,
    purpose: 'login',
    captcha_id: captcha.id,
    captcha_x: await answer(captcha.id),
  });
  expect(response.status).toBe(204);
}

describe('the server log, with the development outbox on', () => {
  let dataDir: string;
  let output = '';
  const known = { hash: '', code: '', secret: '' };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vap-logs-'));
    const server = await startServer({ dataDir, env: { LOG_LEVEL: 'trace', JWT_SECRET } });
    try {
      const signIn = await post(`${server.url}/webapi${AUTH_PATHS.loginPassword}`, {
        account: DEMO.account,
        password: md5(DEMO.password),
      });
      expect(signIn.status).toBe(200);
      const { token } = (await signIn.json()) as { token: string };

      const since = new Date().toISOString();
      await requestSmsCode(server.url, (id) => captchaAnswer(server.url, id));
      known.code = await smsCode(server.url, DEMO.account, since);

      const created = await post(
        `${server.url}/webapi${ACCESS_KEY_PATHS.keys}`,
        { bandwidth_mbps: 1, operations: ['GET /v1/pms/company/users'] },
        token,
      );
      expect(created.status).toBe(200);
      known.secret = ((await created.json()) as { secret: string }).secret;
    } finally {
      expect(await server.stop()).toBe(0);
      output = server.output();
    }
    const db = await PGlite.create(join(dataDir, 'pglite'));
    try {
      const { rows } = await db.query<{ password_hash: string }>(
        'select password_hash from users where phone = $1',
        [DEMO.account],
      );
      known.hash = rows[0]?.password_hash ?? '';
    } finally {
      await db.close();
    }
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('logged the run, its failed query among it (the test saw what it looks for)', () => {
    expect(known.hash).toMatch(/^\$argon2id\$/);
    expect(known.code).toMatch(/^\d{6}$/);
    expect(known.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('holds no password hash, no password digest, no access-key secret and no query parameter', () => {
    expect(output).not.toContain(known.hash);
    expect(output).not.toContain(known.hash.split('$').at(-1));
    expect(output).not.toContain(md5(DEMO.password));
    expect(output).not.toContain(known.secret);
    expect(output).not.toContain(JWT_SECRET);
  });

  it('holds the SMS code, which the development outbox logs on purpose', () => {
    expect(output).toMatch(standalone(known.code));
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

// Without the outbox the captcha's answer is in the database only: PostgreSQL lets the test read it
// while the server runs, where the embedded database is locked by the server.
// PostgreSQL also lets the test make a query fail in the running server (its table renamed away for a
// moment): the validation of every input leaves no query that fails on what a client sends.
describe.runIf(testDatabaseUrl)('the server log, with the development outbox off', () => {
  let database: PostgresDatabase;
  let db: postgres.Sql;
  let output = '';
  let code = '';

  beforeAll(async () => {
    database = await createPostgresDatabase(testDatabaseUrl as string, { prefix: 'vap_logs' });
    db = postgres(database.url, { max: 1, onnotice: () => {} });
    const server = await startServer({
      env: { LOG_LEVEL: 'trace', JWT_SECRET, DEV_OUTBOX: 'false', DATABASE_URL: database.url },
    });
    try {
      const signIn = await post(`${server.url}/webapi${AUTH_PATHS.loginPassword}`, {
        account: DEMO.account,
        password: md5(DEMO.password),
      });
      const { token } = (await signIn.json()) as { token: string };
      await db`alter table audit_logs rename to audit_logs_away`;
      try {
        const wheres = encodeURIComponent(encodeListParam([{ k: 'action', o: 'like', v: QUERY_PARAMETER }]));
        const failed = await fetch(
          `${server.url}/webapi${AUDIT_PATHS.list}?page=1&size=20&wheres=${wheres}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        expect(failed.status).toBe(500);
      } finally {
        await db`alter table audit_logs_away rename to audit_logs`;
      }
      await requestSmsCode(server.url, async (id) => {
        const [row] = await db<{ answer_x: number }[]>`select answer_x from captchas where id = ${id}`;
        return row?.answer_x ?? -1;
      });
    } finally {
      expect(await server.stop()).toBe(0);
      output = server.output();
    }
    // The code is kept as an HMAC (sign-in/sms-codes.ts): the test finds it among the 10^6 codes.
    const [row] = await db<
      { code_hash: string }[]
    >`select code_hash from sms_codes where phone = ${DEMO.account}`;
    const pepper = createHmac('sha256', JWT_SECRET).update('vap sms code pepper v1').digest();
    for (let n = 0; n < 1_000_000 && !code; n++) {
      const candidate = String(n).padStart(6, '0');
      const hash = createHmac('sha256', pepper).update(`${DEMO.account}:login:${candidate}`).digest('hex');
      if (hash === row?.code_hash) code = candidate;
    }
  });
  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  it("logs a failed query's text, never its parameters", () => {
    expect(output).toContain('request failed');
    expect(output).toContain('Failed query: select');
    expect(output).not.toContain(QUERY_PARAMETER);
  });

  it('says a code was not sent, and holds no code', () => {
    expect(code).toMatch(/^\d{6}$/);
    expect(output).toContain('development SMS provider: code not sent');
    expect(output).not.toMatch(standalone(code));
  });
});
