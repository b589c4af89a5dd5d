import { userInfoSchema } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, statementsDuring, type TestApp } from '../../testing/harness.js';
import { users } from '../db/schema.js';

describe.each(ENGINES)('the signed-in hot path on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('answers user info with one statement: the session, user, company and role read together', async () => {
    for (const token of [await t.signIn(), await t.signIn(DEMO_OPERATOR.phone)]) {
      const statements = await statementsDuring(t.database, async () => {
        const response = await get('/webapi/v1/pms/user', token);
        expect(response.statusCode).toBe(200);
        userInfoSchema.parse(response.json());
      });
      expect(statements, statements.join('\n')).toHaveLength(1);
    }
  });

  it('reads the caller of a page route in one statement, and a page of users with its total in one more', async () => {
    const token = await t.signIn();
    const statements = await statementsDuring(t.database, async () => {
      expect((await get('/webapi/v1/pms/company/users?page=1&size=20', token)).statusCode).toBe(200);
    });
    // The caller, then the page of users with their count.
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/from "sessions" inner join "users"/);
  });

  it('reads of the user whether a password is set, never the hash, and no column user info does not show', async () => {
    const token = await t.signIn();
    const [statement] = await statementsDuring(t.database, () => get('/webapi/v1/pms/user', token));
    expect(statement).toMatch(/"users"\."password_hash" is null/);
    expect(statement).not.toMatch(/"users"\."password_hash",/);
    expect(statement).not.toMatch(/created_at|business_license|id_human|id_emblem|parent_id/);
  });

  it('refuses a logged-out token on the very next request', async () => {
    const token = await t.signIn();
    expect((await get('/webapi/v1/pms/user', token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/webapi/v1/pms/user/logout', headers: bearer(token) });
    expect((await get('/webapi/v1/pms/user', token)).statusCode).toBe(401);
  });

  it('answers 401 for a token whose user is gone', async () => {
    const member = await addAccount(t, { company: 'demo' });
    expect((await get('/webapi/v1/pms/user', member.token)).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, member.userId));
    expect((await get('/webapi/v1/pms/user', member.token)).statusCode).toBe(401);
  });
});
