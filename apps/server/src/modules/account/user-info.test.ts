import { type MenuItem, PAGE_NAMES, userInfoSchema } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../core/auth/passwords.js';
import { TokenService } from '../../core/auth/tokens.js';
import { companies, roles, users } from '../../core/db/schema.js';
import { menuItems } from '../../core/menu/schema.js';
import { DEMO_OPERATOR, DEMO_OPERATOR_ROLE, md5Hex } from '../../seed.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

describe.each(ENGINES)('user info on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));

  const userInfo = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/webapi/v1/pms/user',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return userInfoSchema.parse(response.json());
  };

  async function addUser(values: Partial<typeof users.$inferInsert>, password = 'member-pass') {
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    const passwordHash = await new PasswordHasher(1).hash(md5Hex(password));
    await t.database.db
      .insert(users)
      .values({ companyId: company?.id ?? null, roleId: 0, passwordHash, ...values });
    return t.signIn(values.phone ?? values.email ?? '', password);
  }

  it('has the fields of spec §3 for the demo owner', async () => {
    const info = await userInfo(await t.signIn());
    expect(info).toMatchObject({
      role_id: 0,
      phone: '13800138000',
      email: 'owner@vap-demo.com',
      nickname: '演示管理员',
      remark: '',
      is_password_empty: false,
      verify_company: true,
      company: {
        name: '演示科技有限公司',
        title: 'VAP 演示',
        logo: '',
        verify_status: 2,
        products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
      },
    });
  });

  it('the demo operator sees only the pages and buttons of the operator role', async () => {
    const info = await userInfo(await t.signIn(DEMO_OPERATOR.phone));
    expect(info.role_id).not.toBe(0);
    expect(info.nickname).toBe(DEMO_OPERATOR.nickname);
    const items = flatten(info.menus as MenuItem[]);
    const pages = items.filter((item) => item.type === 'page').map((item) => item.name);
    expect(pages.sort()).toEqual(Object.keys(DEMO_OPERATOR_ROLE.menus).sort());
    const maintenance = items.find((item) => item.name === 'device_maintenance');
    expect(maintenance?.children.map((child) => child.name)).toEqual(['export']);
  });

  it('gives the owner the whole catalogue, sorted, with dirs, pages, links and buttons', async () => {
    const info = await userInfo(await t.signIn());
    const catalogue = await t.database.db.select().from(menuItems);
    const items = flatten(info.menus as MenuItem[]);
    expect(items).toHaveLength(catalogue.length);
    const roots = info.menus as MenuItem[];
    expect(roots.map((item) => item.name)).toEqual([
      'dashboard',
      'finance',
      'device',
      'cloud',
      'media',
      'algmall',
      'prs',
      'open',
      'system',
      'resource',
      'mqtt',
      'voip',
      'campaign',
    ]);
    const docs = items.find((item) => item.name === 'open_docs');
    expect(docs).toMatchObject({ type: 'link', path: expect.stringMatching(/^https:\/\//) });
    const users = items.find((item) => item.name === 'system_user');
    expect(users?.children.map((child) => [child.type, child.name])).toEqual([
      ['btn', 'add'],
      ['btn', 'edit'],
      ['btn', 'delete'],
      ['btn', 'role'],
    ]);
  });

  it('gives a role only the items of its menus map, with their dirs and the listed buttons', async () => {
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    const [role] = await t.database.db
      .insert(roles)
      .values({
        companyId: company?.id ?? 0,
        name: 'operators',
        menus: { system_user: ['add'], recharge: [] },
      })
      .returning({ id: roles.id });
    const token = await addUser({ phone: '13911112222', roleId: role?.id ?? -1, nickname: '操作员' });
    const info = await userInfo(token);
    expect(info.role_id).toBe(role?.id);
    const menus = info.menus as MenuItem[];
    expect(menus.map((item) => item.name)).toEqual(['finance', 'system']);
    expect(menus[0]?.children.map((item) => item.name)).toEqual(['recharge']);
    expect(menus[0]?.children[0]?.children).toEqual([]);
    expect(menus[1]?.children.map((item) => item.name)).toEqual(['system_user']);
    expect(menus[1]?.children[0]?.children.map((item) => item.name)).toEqual(['add']);
  });

  it('answers an empty object as the menus of a role without any access', async () => {
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    const [role] = await t.database.db
      .insert(roles)
      .values({ companyId: company?.id ?? 0, name: 'nobody', menus: {} })
      .returning({ id: roles.id });
    const info = await userInfo(await addUser({ email: 'nobody@vap-demo.com', roleId: role?.id ?? -1 }));
    expect(info.menus).toEqual({});
  });

  it('answers a null company, a null role_id and no menu for a user who has no company yet', async () => {
    const info = await userInfo(await addUser({ phone: '13922223333', companyId: null, roleId: null }));
    expect(info).toMatchObject({ company: null, role_id: null, role_name: null, menus: {} });
  });

  it("names the member's role (issue 29), and the owner, who holds no role of the company's, by none", async () => {
    expect((await userInfo(await t.signIn())).role_name).toBeNull();
    const token = await t.signIn(DEMO_OPERATOR.phone);
    const info = await userInfo(token);
    expect(info.role_name).toBe(DEMO_OPERATOR_ROLE.name);
    // A renamed role shows on the next request, as a narrowed one does (the caller version).
    await t.database.db
      .update(roles)
      .set({ name: '现场运维' })
      .where(eq(roles.id, info.role_id ?? -1));
    expect((await userInfo(token)).role_name).toBe('现场运维');
    await t.database.db
      .update(roles)
      .set({ name: DEMO_OPERATOR_ROLE.name })
      .where(eq(roles.id, info.role_id ?? -1));
  });

  it('reports is_password_empty for an account without a password, which cannot sign in by password', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ phone: '13933334444' })
      .returning({ id: users.id });
    const token = await new TokenService(t.database.db, t.serverSecret, 600).issue(user?.id ?? -1);
    expect((await userInfo(token)).is_password_empty).toBe(true);
    const response = await t.app.inject({
      method: 'POST',
      url: '/webapi/v0/pms/users/login_password',
      payload: { account: '13933334444', password: md5Hex('') },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('invalid_credentials');
  });

  it('shows a role edited, emptied or deleted, or another role given, on the next request after a tree was answered', async () => {
    // Written straight to the database, as another server sharing it would: nothing in this
    // process is told, and the next request must still see it.
    const { db } = t.database;
    const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
    const companyId = company?.id ?? 0;
    const made = await db
      .insert(roles)
      .values([
        { companyId, name: 'cached wide', menus: { system_user: ['add', 'edit'], recharge: [] } },
        { companyId, name: 'cached other', menus: { recharge: [] } },
      ])
      .returning({ id: roles.id });
    const [wide, other] = made.map((role) => role.id ?? -1);
    const token = await addUser({ phone: '13944445555', roleId: wide });
    const names = async () => flatten((await userInfo(token)).menus as MenuItem[]).map((item) => item.name);
    expect(await names()).toEqual(['finance', 'recharge', 'system', 'system_user', 'add', 'edit']);

    await db
      .update(roles)
      .set({ menus: { system_user: ['add'] } })
      .where(eq(roles.id, wide ?? -1));
    expect(await names()).toEqual(['system', 'system_user', 'add']);
    await db
      .update(roles)
      .set({ menus: {} })
      .where(eq(roles.id, wide ?? -1));
    expect((await userInfo(token)).menus).toEqual({});
    await db.update(users).set({ roleId: other }).where(eq(users.phone, '13944445555'));
    expect(await names()).toEqual(['finance', 'recharge']);
    await db.delete(roles).where(eq(roles.id, other ?? -1));
    expect((await userInfo(token)).menus).toEqual({});
  });

  it('contains every known page name of spec §2.3 in the catalogue', async () => {
    const pages = await t.database.db
      .select({ name: menuItems.name })
      .from(menuItems)
      .where(eq(menuItems.type, 'page'));
    expect(pages.map((page) => page.name).sort()).toEqual([...PAGE_NAMES].sort());
  });
});
