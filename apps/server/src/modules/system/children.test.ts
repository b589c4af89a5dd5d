import { CHILD_FILTERS, encodeListParam, SYSTEM_PATHS } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, users } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

describe.each(ENGINES)('GET /children: the downstream companies (spec §7.2) on %s', (engine) => {
  let t: TestApp;
  let upstream: Awaited<ReturnType<typeof addAccount>>;
  blockApp(engine, async (app) => {
    t = app;
    upstream = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const { db } = t.database;
    const made = await db
      .insert(companies)
      .values([
        { name: '下游甲科技有限公司', verifyStatus: 2, parentId: upstream.companyId },
        { name: '下游乙科技有限公司', verifyStatus: 0, parentId: upstream.companyId },
        { name: '无关科技有限公司', verifyStatus: 2 },
      ])
      .returning({ id: companies.id });
    await db
      .insert(users)
      .values({ companyId: made[0]?.id ?? 0, email: 'downstream-owner@vap-test.example', roleId: 0 });
  });

  const children = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/webapi${SYSTEM_PATHS.children}${query}`, headers });

  it("lists only the caller's downstream companies, with their status and size", async () => {
    const response = await children(upstream.headers, '?page=1&size=20');
    expect(response.statusCode, response.body).toBe(200);
    const { items, total } = response.json();
    expect(total).toBe(2);
    expect(items.map((item: { name: string }) => item.name).sort()).toEqual([
      '下游乙科技有限公司',
      '下游甲科技有限公司',
    ]);
    expect(items.find((item: { name: string }) => item.name === '下游甲科技有限公司')).toMatchObject({
      verify_status: 2,
      users: 1,
    });
  });

  it('filters by name and verification status through wheres', async () => {
    const wheres = encodeListParam([
      { k: 'name', o: 'like', v: '下游' },
      { k: 'verify_status', o: '=', v: 0 },
    ]);
    const response = await children(upstream.headers, `?wheres=${encodeURIComponent(wheres)}`);
    expect(response.json().items.map((item: { name: string }) => item.name)).toEqual(['下游乙科技有限公司']);
    const unknown = encodeListParam([{ k: 'owner', o: '=', v: 1 }]);
    expect((await children(upstream.headers, `?wheres=${encodeURIComponent(unknown)}`)).statusCode).toBe(400);
    expect(Object.keys(CHILD_FILTERS)).toEqual(['name', 'verify_status']);
  });

  it('another company sees none of them; a role without the users page is refused', async () => {
    const other = await addAccount(t, { company: 'own' });
    expect((await children(other.headers)).json()).toEqual({ items: [], total: 0 });
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, upstream.companyId ?? 0));
    expect(company?.parentId).toBeNull();
    const member = await addAccount(t, { company: 'demo', roleId: 999_999 });
    expect((await children(member.headers)).statusCode).toBe(403);
  });
});
