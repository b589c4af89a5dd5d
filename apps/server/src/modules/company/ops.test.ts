import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, users } from '../../core/db/schema.js';
import { databasePerSuite, ENGINES } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { messages } from '../notices/schema.js';
import { companyCommands } from './ops.js';

describe.each(ENGINES)('operator commands company:list and company:review on %s', (engine) => {
  const database = databasePerSuite(engine);
  const run = opsRunner(companyCommands, database);

  async function companyWithOwner(status: number) {
    const { db } = database();
    const [company] = await db
      .insert(companies)
      .values({ name: '待审核科技有限公司', verifyStatus: status })
      .returning({ id: companies.id });
    const id = company?.id ?? 0;
    const [owner] = await db
      .insert(users)
      .values({ companyId: id, phone: `1360000${String(id).padStart(4, '0')}`, roleId: 0 })
      .returning({ id: users.id });
    await db
      .insert(users)
      .values({ companyId: id, phone: `1350000${String(id).padStart(4, '0')}`, roleId: 9 });
    return { id, ownerId: owner?.id ?? 0 };
  }

  const statusOf = async (id: number) =>
    (await database().db.select().from(companies).where(eq(companies.id, id)))[0]?.verifyStatus;

  it('approve moves a company waiting for review to verified and messages its owner only', async () => {
    const { id, ownerId } = await companyWithOwner(1);
    const output = await run('company:review', [String(id), 'approve']);
    expect(output).toContain('approved');
    expect(await statusOf(id)).toBe(2);
    const sent = await database().db.select().from(messages).where(eq(messages.kind, 'verification'));
    const mine = sent.filter((message) => message.userId === ownerId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: '企业认证已通过', state: 0 });
    expect(mine[0]?.content).toContain('待审核科技有限公司');
    const others = await database()
      .db.select()
      .from(messages)
      .innerJoin(users, eq(users.id, messages.userId))
      .where(and(eq(users.companyId, id), eq(users.roleId, 9)));
    expect(others).toHaveLength(0);
  });

  it('reject moves it to failed (3) with a message to re-upload', async () => {
    const { id, ownerId } = await companyWithOwner(1);
    await run('company:review', [String(id), 'reject']);
    expect(await statusOf(id)).toBe(3);
    const [message] = await database().db.select().from(messages).where(eq(messages.userId, ownerId));
    expect(message?.title).toBe('企业认证未通过');
  });

  it.each([0, 2, 3])('refuses to review a company in status %i and changes nothing', async (status) => {
    const { id, ownerId } = await companyWithOwner(status);
    await expect(run('company:review', [String(id), 'approve'])).rejects.toThrow(/only status 1/);
    expect(await statusOf(id)).toBe(status);
    expect(await database().db.select().from(messages).where(eq(messages.userId, ownerId))).toHaveLength(0);
  });

  it('refuses unknown companies and bad arguments with the usage', async () => {
    await expect(run('company:review', ['999999', 'approve'])).rejects.toThrow(/does not exist/);
    await expect(run('company:review', ['1', 'maybe'])).rejects.toThrow(/Usage/);
    await expect(run('company:review', ['abc', 'approve'])).rejects.toThrow(/Usage/);
    await expect(run('company:review', [])).rejects.toThrow(/Usage/);
  });

  it('company:revoke withdraws a verification (2 → 3) and tells the owner; other statuses are refused', async () => {
    const { id, ownerId } = await companyWithOwner(2);
    expect(await run('company:revoke', [String(id)])).toContain('withdrawn');
    expect(await statusOf(id)).toBe(3);
    const [message] = await database().db.select().from(messages).where(eq(messages.userId, ownerId));
    expect(message).toMatchObject({ kind: 'verification', title: '企业认证已撤销' });
    await expect(run('company:revoke', [String(id)])).rejects.toThrow(/only status 2/);
    await expect(run('company:revoke', ['x'])).rejects.toThrow(/Usage/);
  });

  it('company:parent sets the upstream company, refuses loops and unknown companies, and clears with none', async () => {
    const top = (await companyWithOwner(2)).id;
    const middle = (await companyWithOwner(2)).id;
    const bottom = (await companyWithOwner(0)).id;
    const parentOf = async (id: number) =>
      (await database().db.select().from(companies).where(eq(companies.id, id)))[0]?.parentId;
    expect(await run('company:parent', [String(middle), String(top)])).toContain(
      `downstream of company ${top}`,
    );
    await run('company:parent', [String(bottom), String(middle)]);
    expect(await parentOf(bottom)).toBe(middle);
    await expect(run('company:parent', [String(top), String(bottom)])).rejects.toThrow(/loop/);
    await expect(run('company:parent', [String(top), String(top)])).rejects.toThrow(/loop/);
    await expect(run('company:parent', [String(top), '999999'])).rejects.toThrow(/does not exist/);
    await expect(run('company:parent', [String(top), 'x'])).rejects.toThrow(/Usage/);
    expect(await parentOf(top)).toBeNull();
    await run('company:parent', [String(bottom), 'none']);
    expect(await parentOf(bottom)).toBeNull();
  });

  it('company:plan sets a company free or standard (a new one starts free), and refuses anything else', async () => {
    const { id: companyId } = await companyWithOwner(0);
    const planOf = async () =>
      (
        await database()
          .db.select({ plan: companies.plan })
          .from(companies)
          .where(eq(companies.id, companyId))
      )[0]?.plan;
    expect(await planOf()).toBe('free');
    expect(await run('company:plan', [String(companyId), 'standard'])).toContain('standard plan');
    expect(await planOf()).toBe('standard');
    await expect(run('company:plan', [String(companyId), 'gold'])).rejects.toThrow('Usage: company:plan');
    await expect(run('company:plan', ['999999', 'free'])).rejects.toThrow('does not exist');
  });

  it('company:list shows id, status and owner; "verifying" only those waiting for review', async () => {
    const waiting = await companyWithOwner(1);
    const done = await companyWithOwner(2);
    const all = await run('company:list', []);
    expect(all).toMatch(
      new RegExp(`^${waiting.id}\\t1 \\(verifying\\)\\t待审核科技有限公司\\towner 1360000`, 'm'),
    );
    expect(all).toMatch(new RegExp(`^${done.id}\\t2 \\(verified\\)`, 'm'));
    const verifying = await run('company:list', ['verifying']);
    expect(verifying).toContain(`${waiting.id}\t`);
    expect(verifying).not.toMatch(new RegExp(`^${done.id}\\t`, 'm'));
    await expect(run('company:list', ['everything'])).rejects.toThrow(/Usage/);
  });
});
