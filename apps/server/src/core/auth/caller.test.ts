import { userInfoSchema } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, statementsDuring, type TestApp } from '../../testing/harness.js';
import { companies, roles, users } from '../db/schema.js';
import { callerVersion, sessions } from './schema.js';

describe.each(ENGINES)('the signed-in hot path on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // No task engine, money schedule or broker heartbeat: their statements would land among the counted ones.
    t = await createTestApp(engine, { taskTickMs: 0, mqttBroker: false });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  const userInfo = async (token: string) => {
    const response = await get('/webapi/v1/pms/user', token);
    expect(response.statusCode).toBe(200);
    return userInfoSchema.parse(response.json());
  };

  it('answers user info with one statement: the session, user, company and role read together', async () => {
    for (const token of [await t.signIn(), await t.signIn(DEMO_OPERATOR.phone)]) {
      const statements = await statementsDuring(t.database, () => userInfo(token));
      expect(statements, statements.join('\n')).toHaveLength(1);
      expect(statements[0]).toMatch(/from "sessions" inner join "caller_version".* inner join "users"/);
    }
  });

  it('reads no more than the caller version on the next request of a session while nothing it was read from changed', async () => {
    const token = await t.signIn();
    const first = await userInfo(token);
    await userInfo(token);
    const statements = await statementsDuring(t.database, async () => {
      expect(await userInfo(token)).toEqual(first);
    });
    if (engine === 'pglite') {
      // The embedded server hears every new version announced: a kept caller costs no statement.
      expect(statements, statements.join('\n')).toEqual([]);
    } else {
      expect(statements, statements.join('\n')).toHaveLength(1);
      expect(statements[0]).toMatch(/from "caller_version"/);
      expect(statements[0]).not.toMatch(/sessions|users|roles|companies/);
    }
  });

  it('reads the caller of a page route in one statement, and a page of users with its total in one more', async () => {
    const token = await t.signIn();
    const statements = await statementsDuring(t.database, async () => {
      expect((await get('/webapi/v1/pms/company/users?page=1&size=20', token)).statusCode).toBe(200);
    });
    // The caller, then the page of users with their count.
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/from "sessions" inner join "caller_version"/);
  });

  // The writes below go straight to the database, as another server sharing it would make them.
  it('shows a role narrowed by another server on the very next request (spec §6)', async () => {
    const { db } = t.database;
    const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
    const [role] = await db
      .insert(roles)
      .values({
        companyId: company?.id ?? -1,
        name: 'narrowed elsewhere',
        menus: { dashboard: [], system_user: ['add'] },
      })
      .returning({ id: roles.id });
    const member = await addAccount(t, { company: 'demo', roleId: role?.id ?? -1 });
    expect(JSON.stringify((await userInfo(member.token)).menus)).toContain('system_user');
    await db
      .update(roles)
      .set({ menus: { dashboard: [] } })
      .where(eq(roles.id, role?.id ?? -1));
    expect(JSON.stringify((await userInfo(member.token)).menus)).not.toContain('system_user');
  });

  it('shows a company renamed by another server on the very next request', async () => {
    const token = await t.signIn();
    const before = await userInfo(token);
    const id = before.company?.id ?? -1;
    await t.database.db.update(companies).set({ title: 'Renamed elsewhere' }).where(eq(companies.id, id));
    expect((await userInfo(token)).company?.title).toBe('Renamed elsewhere');
    await t.database.db
      .update(companies)
      .set({ title: before.company?.title ?? '' })
      .where(eq(companies.id, id));
  });

  it('refuses a session revoked by another server on the very next request', async () => {
    const member = await addAccount(t, { company: 'demo' });
    await userInfo(member.token);
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, member.userId));
    expect((await get('/webapi/v1/pms/user', member.token)).statusCode).toBe(401);
  });

  it('raises the caller version with every change to sessions, users, companies and roles, not with a sign-in', async () => {
    const version = async () => (await t.database.db.select().from(callerVersion))[0]?.version ?? -1;
    const start = await version();
    await t.signIn();
    expect(await version()).toBe(start);
    const member = await addAccount(t, { company: 'demo' });
    const afterAdd = await version();
    expect(afterAdd).toBeGreaterThan(start);
    for (const change of [
      () => t.database.db.update(users).set({ remark: 'x' }).where(eq(users.id, member.userId)),
      () => t.database.db.update(companies).set({ title: 'x' }).where(eq(companies.id, -1)),
      () => t.database.db.update(roles).set({ name: 'x' }).where(eq(roles.id, -1)),
      () =>
        t.database.db
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(eq(sessions.userId, member.userId)),
      () => t.database.db.delete(users).where(eq(users.id, member.userId)),
    ]) {
      const before = await version();
      await change();
      expect(await version()).toBeGreaterThan(before);
    }
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
