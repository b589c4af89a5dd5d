/**
 * Two server processes on one PostgreSQL, one JWT_SECRET and one S3-compatible bucket (s3rver, in
 * this process), each with a DATA_DIR and a port of its own: what one node does, the other sees
 * (issue 19 §7 "More than one node", docs/operations.md "Several servers").
 */
import { createHash, randomBytes } from 'node:crypto';
import { createPostgresDatabase, type PostgresDatabase } from '@vap/server/testing/postgres-databases';
import { S3_TEST_BUCKET, startTestS3, type TestS3 } from '@vap/server/testing/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type RunningServer, startServer } from '../support/server.js';

const md5 = (value: string | Buffer) => createHash('md5').update(value).digest('hex');
/** A 1×1 PNG. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)('two server processes on one database and one bucket', () => {
  let database: PostgresDatabase;
  let s3: TestS3;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await createPostgresDatabase(testDatabaseUrl as string, { prefix: 'vap_two_nodes' });
    s3 = await startTestS3();
    const env = { DATABASE_URL: database.url, JWT_SECRET: randomBytes(32).toString('hex'), ...s3.env };
    // One after the other: the first seeds the demo company, the second finds it.
    a = await startServer({ env });
    b = await startServer({ env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await s3?.close();
    await database?.drop();
  });

  const signIn = (url: string, password: string) =>
    fetch(`${url}/webapi/v0/pms/users/login_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ account: DEMO.account, password: md5(password) }),
    });
  const userInfo = async (url: string, token: string) => {
    const response = await fetch(`${url}/webapi/v1/pms/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { nickname: string; company: { logo: string } | null };
  };

  it('a token from node A works on node B', async () => {
    const response = await signIn(a.url, DEMO.password);
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    expect((await userInfo(b.url, token)).nickname).toBe('演示管理员');
  });

  it('a logo uploaded through node A shows through node B, from the bucket', async () => {
    const { token } = (await (await signIn(a.url, DEMO.password)).json()) as { token: string };
    const put = await fetch(`${a.url}/webapi/v1/pms/company`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ logo: LOGO.toString('base64') }),
    });
    expect(put.status).toBe(204);
    const logo = (await userInfo(b.url, token)).company?.logo ?? '';
    expect(logo).toContain(`/${S3_TEST_BUCKET}/logo/`);
    expect(logo).toContain(`_${md5(LOGO)}.png?`);
    const image = await fetch(logo);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(LOGO)).toBe(true);
    // B's own object route reads it from the bucket too.
    const path = new URL(logo).pathname.replace(`/${S3_TEST_BUCKET}/`, '');
    const served = await fetch(`${b.url}/webapi/v1/pms/objects/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(LOGO)).toBe(true);
  });

  it('sign-in failures counted on node A lock the account on node B', async () => {
    // The account limit: 5 failures per 15 minutes (modules/sign-in/limits.ts).
    for (let i = 0; i < 5; i++) expect((await signIn(a.url, 'wrong-password')).status).toBe(401);
    const locked = await signIn(b.url, DEMO.password);
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { code: string }).code).toBe('too_many_requests');
  });
});
