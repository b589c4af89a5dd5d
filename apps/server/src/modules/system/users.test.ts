import {
  ACCESS_KEY_PATHS,
  AUDIT_PATHS,
  encodeListParam,
  type MenusMap,
  SYSTEM_PATHS,
  userInfoSchema,
} from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles, users } from '../../core/db/schema.js';
import { DEMO_OPERATOR, DEMO_OPERATOR_ROLE, md5Hex } from '../../seed.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';

const USER_MANAGER: MenusMap = { dashboard: [], system_user: ['add', 'edit', 'delete', 'role'] };

describe.each(ENGINES)('company users (spec §6, §7.2) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let demoCompanyId: number;
  let ownerId: number;
  let operatorRoleId: number;

  suiteApp(engine, async (app) => {
    ({ t, owner, companyId: demoCompanyId } = app);
    const { db } = t.database;
    const [ownerRow] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, 0));
    ownerId = ownerRow?.id ?? 0;
    const [operatorRole] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, DEMO_OPERATOR_ROLE.name));
    operatorRoleId = operatorRole?.id ?? 0;
  });

  let roleCounter = 0;
  async function addRole(
    menus: MenusMap,
    groups: { isAccessAllGroup?: boolean; groupIds?: number[] } = {},
    companyId = demoCompanyId,
  ) {
    const [role] = await t.database.db
      .insert(roles)
      .values({ companyId, name: `role-${++roleCounter}`, menus, ...groups })
      .returning({ id: roles.id });
    if (!role) throw new Error('no role');
    return role.id;
  }

  /** A member of the demo company with a new role of these menus. */
  async function member(menus: MenusMap, groups: { isAccessAllGroup?: boolean; groupIds?: number[] } = {}) {
    const roleId = await addRole(menus, groups);
    return { roleId, ...(await addAccount(t, { company: 'demo', roleId })) };
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: headers as Record<string, string>, payload });

  let phoneCounter = 13_900_000_000;
  const newUser = (roleId: number, extra: object = {}) => ({
    phone: String(++phoneCounter),
    password: md5Hex('new-user-pass'),
    nickname: '新用户',
    email: '',
    remark: '',
    role_id: roleId,
    ...extra,
  });
  /** The owner adds an operator (`newUser` of the operator role, with `extra`). */
  const addOperator = (extra: object) =>
    call('POST', SYSTEM_PATHS.users, owner, newUser(operatorRoleId, extra));

  describe('authorization declared per route', () => {
    it('answers 401 without a token, before anything else', async () => {
      expect((await call('GET', SYSTEM_PATHS.users, {})).statusCode).toBe(401);
      expect((await call('POST', SYSTEM_PATHS.users, {}, {})).statusCode).toBe(401);
    });

    it('answers 403 forbidden when the role lacks the page', async () => {
      const operator = bearer(await t.signIn(DEMO_OPERATOR.phone));
      const response = await call('GET', SYSTEM_PATHS.users, operator);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });

    it('answers 403 forbidden when the role has the page but not the button', async () => {
      const viewer = await member({ system_user: [] });
      expect((await call('GET', SYSTEM_PATHS.users, viewer.headers)).statusCode).toBe(200);
      const added = await call('POST', SYSTEM_PATHS.users, viewer.headers, newUser(viewer.roleId));
      expect(added.statusCode).toBe(403);
      expect(added.json().code).toBe('forbidden');
      const other = await member({ dashboard: [] });
      for (const [method, url] of [
        ['POST', SYSTEM_PATHS.user(other.userId)],
        ['PUT', SYSTEM_PATHS.userRole(other.userId)],
      ] as const) {
        expect((await call(method, url, viewer.headers, { role_id: viewer.roleId })).statusCode).toBe(403);
      }
      expect((await call('DELETE', SYSTEM_PATHS.user(other.userId), viewer.headers)).statusCode).toBe(403);
    });

    it('a user without a company is refused the page', async () => {
      const loner = await addAccount(t, { company: 'none' });
      expect((await call('GET', SYSTEM_PATHS.users, loner.headers)).statusCode).toBe(403);
    });

    it('sees a narrowed role on the very next request (no stale permissions)', async () => {
      const manager = await member({ system_user: [] });
      expect((await call('GET', SYSTEM_PATHS.users, manager.headers)).statusCode).toBe(200);
      await t.database.db
        .update(roles)
        .set({ menus: { dashboard: [] } })
        .where(eq(roles.id, manager.roleId));
      expect((await call('GET', SYSTEM_PATHS.users, manager.headers)).statusCode).toBe(403);
    });
  });

  describe('GET /v1/pms/users/{id} (spec §7.1)', () => {
    it("answers a user of the caller's company as the list shows them, and 404 for another company's", async () => {
      const page = (await call('GET', `${SYSTEM_PATHS.users}?size=100`, owner)).json<{
        items: Array<{ id: number; phone: string }>;
      }>();
      const listed = page.items.find((item) => item.phone === DEMO_OPERATOR.phone);
      if (!listed) throw new Error('no demo operator');
      const one = await call('GET', SYSTEM_PATHS.userById(listed.id), owner);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toEqual(listed);
      const stranger = await addAccount(t, { company: 'own' });
      expect((await call('GET', SYSTEM_PATHS.userById(stranger.userId), owner)).statusCode).toBe(404);
      expect((await call('GET', SYSTEM_PATHS.userById(listed.id), stranger.headers)).statusCode).toBe(404);
    });

    it('needs the users page, as the list does', async () => {
      const member = await addAccount(t, { company: 'demo', roleId: await addRole({ dashboard: [] }) });
      expect((await call('GET', SYSTEM_PATHS.userById(member.userId), member.headers)).statusCode).toBe(403);
    });
  });

  describe('GET /users', () => {
    it("lists the company's users with their role name, never another company's", async () => {
      const stranger = await addAccount(t, { company: 'own' });
      const response = await call('GET', `${SYSTEM_PATHS.users}?size=100`, owner);
      expect(response.statusCode).toBe(200);
      const page = response.json<{ items: Array<Record<string, unknown>>; total: number }>();
      expect(page.total).toBe(page.items.length);
      expect(page.items.map((item) => item.id)).not.toContain(stranger.userId);
      const operator = page.items.find((item) => item.phone === DEMO_OPERATOR.phone);
      expect(operator).toMatchObject({
        role_id: operatorRoleId,
        role_name: DEMO_OPERATOR_ROLE.name,
        nickname: DEMO_OPERATOR.nickname,
        email: DEMO_OPERATOR.email,
      });
      expect(Object.keys(operator ?? {}).sort()).toEqual(
        ['created_at', 'email', 'id', 'nickname', 'phone', 'remark', 'role_id', 'role_name'].sort(),
      );
    });

    it('filters by phone, nickname and role through wheres, and pages', async () => {
      const wheres = (list: object[]) => encodeURIComponent(encodeListParam(list));
      const byRole = await call(
        'GET',
        `${SYSTEM_PATHS.users}?wheres=${wheres([{ k: 'role_id', o: '=', v: operatorRoleId }])}`,
        owner,
      );
      expect(byRole.json().items.map((item: { phone: string }) => item.phone)).toEqual([DEMO_OPERATOR.phone]);
      const byPhone = await call(
        'GET',
        `${SYSTEM_PATHS.users}?wheres=${wheres([{ k: 'phone', o: 'like', v: '138001380' }])}`,
        owner,
      );
      expect(byPhone.json().total).toBe(2);
      const byName = await call(
        'GET',
        `${SYSTEM_PATHS.users}?wheres=${wheres([{ k: 'nickname', o: 'like', v: '运维' }])}`,
        owner,
      );
      expect(byName.json().items.map((item: { phone: string }) => item.phone)).toEqual([DEMO_OPERATOR.phone]);
      const paged = await call('GET', `${SYSTEM_PATHS.users}?page=1&size=1`, owner);
      expect(paged.json().items).toHaveLength(1);
      expect(paged.json().total).toBeGreaterThan(1);
      const pastTheEnd = await call('GET', `${SYSTEM_PATHS.users}?page=1000&size=20`, owner);
      expect(pastTheEnd.json()).toEqual({ items: [], total: paged.json().total });
    });

    it('refuses a filter or sort key it does not know', async () => {
      for (const query of [
        `wheres=${encodeURIComponent(encodeListParam([{ k: 'password_hash', o: '=', v: 'x' }]))}`,
        `orders=${encodeURIComponent(encodeListParam([{ k: 'company_id', o: 'asc' }]))}`,
        'wheres=not-base64!',
      ]) {
        const response = await call('GET', `${SYSTEM_PATHS.users}?${query}`, owner);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('invalid_list_query');
      }
    });
  });

  describe('POST /users', () => {
    it('creates a user of the company, trimming phone, nickname, email and remark', async () => {
      const body = newUser(operatorRoleId);
      const response = await call('POST', SYSTEM_PATHS.users, owner, {
        ...body,
        phone: ` ${body.phone} `,
        nickname: ' 新用户 ',
        email: '  New.User@Example.com ',
        remark: '  备注  ',
      });
      expect(response.statusCode).toBe(200);
      const { id } = response.json<{ id: number }>();
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({
        companyId: demoCompanyId,
        phone: body.phone,
        nickname: '新用户',
        email: 'new.user@example.com',
        remark: '备注',
        roleId: operatorRoleId,
      });
      // The new user signs in with the password given and sees the role's menu.
      const token = await t.signIn(body.phone, 'new-user-pass');
      const info = userInfoSchema.parse((await call('GET', '/v1/pms/user', bearer(token))).json());
      expect(info.role_id).toBe(operatorRoleId);
    });

    it('checks the validators of @vap/contracts (phone, md5 password, nickname, email)', async () => {
      for (const bad of [
        { phone: '12345' },
        { password: 'plain-text' },
        { nickname: 'Bob' },
        { email: 'not-an-email' },
        { role_id: 0 },
        { remark: 'x'.repeat(201) },
      ]) {
        const response = await addOperator(bad);
        expect(response.statusCode, JSON.stringify(bad)).toBe(400);
        expect(response.json().code).toBe('validation_failed');
      }
    });

    it('refuses a phone or email already registered (409)', async () => {
      const phone = await addOperator({ phone: DEMO_OPERATOR.phone });
      expect(phone.statusCode).toBe(409);
      expect(phone.json().code).toBe('phone_registered');
      const email = await addOperator({ email: 'OPERATOR@vap-demo.com' });
      expect(email.statusCode).toBe(409);
      expect(email.json().code).toBe('email_taken');
    });
  });

  describe('PUT /users/{id}', () => {
    it("changes a user's nickname, email and remark, trimmed and checked, never the phone", async () => {
      const colleague = await member({ dashboard: [] });
      const response = await call('PUT', SYSTEM_PATHS.user(colleague.userId), owner, {
        nickname: ' 新同事 ',
        email: ' Colleague@VAP-demo.com ',
        remark: ' 调岗 ',
        phone: '13011112222',
      });
      expect(response.statusCode, response.body).toBe(204);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, colleague.userId));
      expect(row).toMatchObject({
        nickname: '新同事',
        email: 'colleague@vap-demo.com',
        remark: '调岗',
        phone: colleague.phone,
      });
      const bad = await call('PUT', SYSTEM_PATHS.user(colleague.userId), owner, {
        nickname: 'Tom',
        email: 'x@',
      });
      expect(bad.statusCode).toBe(400);
      const taken = await call('PUT', SYSTEM_PATHS.user(colleague.userId), owner, {
        nickname: '新同事',
        email: 'owner@vap-demo.com',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('email_taken');
    });

    it('needs the edit button of the page', async () => {
      const colleague = await member({ dashboard: [] });
      const roleOnly = await member({ dashboard: [], system_user: ['role'] });
      const response = await call('PUT', SYSTEM_PATHS.user(colleague.userId), roleOnly.headers, {
        nickname: '改名',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    });
  });

  describe('DELETE /users/{id}', () => {
    it('detaches the account from the company, ends its sessions, and keeps its sign-in', async () => {
      const leaver = await member({ dashboard: [] });
      const response = await call('DELETE', SYSTEM_PATHS.user(leaver.userId), owner);
      expect(response.statusCode).toBe(204);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, leaver.userId));
      expect(row).toMatchObject({ companyId: null, roleId: null });
      expect((await call('GET', '/v1/pms/user', leaver.headers)).statusCode).toBe(401);
      const info = userInfoSchema.parse(
        (await call('GET', '/v1/pms/user', bearer(await t.signIn(leaver.phone, 'account-pass')))).json(),
      );
      expect(info).toMatchObject({ company: null, role_id: null, menus: {} });
    });

    it("a detached user signs in as nobody's owner: role_id and company null, owner and page routes 403", async () => {
      const created = await addOperator({ phone: '13912345678' });
      expect(created.statusCode).toBe(200);
      expect((await call('DELETE', SYSTEM_PATHS.user(created.json().id), owner)).statusCode).toBe(204);
      const detached = bearer(await t.signIn('13912345678', 'new-user-pass'));
      const info = userInfoSchema.parse((await call('GET', '/v1/pms/user', detached)).json());
      expect(info).toMatchObject({ company: null, role_id: null, menus: {} });
      for (const url of [ACCESS_KEY_PATHS.keys, AUDIT_PATHS.list, SYSTEM_PATHS.users]) {
        const response = await call('GET', url, detached);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code).toBe('forbidden');
      }
    });
  });

  describe('rules of spec §6', () => {
    it('a user cannot edit their own account or role', async () => {
      const manager = await member(USER_MANAGER);
      for (const [method, url, payload] of [
        ['POST', SYSTEM_PATHS.user(manager.userId), { role_id: manager.roleId }],
        ['PUT', SYSTEM_PATHS.userRole(manager.userId), { role_id: manager.roleId }],
        ['DELETE', SYSTEM_PATHS.user(manager.userId), undefined],
        ['PUT', SYSTEM_PATHS.user(manager.userId), { nickname: '自己' }],
      ] as const) {
        const response = await call(method, url, manager.headers, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('cannot_change_self');
      }
      // Not even the owner.
      const self = await call('PUT', SYSTEM_PATHS.userRole(ownerId), owner, { role_id: operatorRoleId });
      expect(self.json().code).toBe('cannot_change_self');
    });

    it('nobody acts on the owner (the super administrator)', async () => {
      const manager = await member(USER_MANAGER);
      for (const [method, url, payload] of [
        ['PUT', SYSTEM_PATHS.userRole(ownerId), { role_id: manager.roleId }],
        ['DELETE', SYSTEM_PATHS.user(ownerId), undefined],
      ] as const) {
        const response = await call(method, url, manager.headers, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe('owner_protected');
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, ownerId));
      expect(row).toMatchObject({ roleId: 0, companyId: demoCompanyId });
    });

    it('nobody acts on an account whose role grants more than theirs', async () => {
      const manager = await member(USER_MANAGER);
      const wider = await member({ ...USER_MANAGER, device_maintenance: ['export'] });
      const allGroups = await member({ dashboard: [] }, { isAccessAllGroup: true });
      const smaller = await member({ dashboard: [] });
      for (const target of [wider, allGroups]) {
        for (const [method, url, payload] of [
          ['PUT', SYSTEM_PATHS.userRole(target.userId), { role_id: smaller.roleId }],
          ['DELETE', SYSTEM_PATHS.user(target.userId), undefined],
        ] as const) {
          const response = await call(method, url, manager.headers, payload);
          expect(response.statusCode).toBe(403);
          expect(response.json().code).toBe('target_outranks_caller');
        }
      }
      // An account within the manager's rights is fine.
      expect(
        (
          await call('PUT', SYSTEM_PATHS.userRole(smaller.userId), manager.headers, {
            role_id: manager.roleId,
          })
        ).statusCode,
      ).toBe(204);
    });

    it('nobody grants a role with more rights than their own; the owner may grant anything', async () => {
      const manager = await member(USER_MANAGER, { groupIds: [1, 2] });
      const target = await member({ dashboard: [] });
      const wider = await addRole({ system_user: ['add', 'edit', 'delete', 'role', 'export'] });
      const moreGroups = await addRole({ dashboard: [] }, { groupIds: [1, 3] });
      const narrower = await addRole({ dashboard: [] }, { groupIds: [2] });
      for (const roleId of [wider, moreGroups]) {
        for (const [method, url, payload] of [
          ['PUT', SYSTEM_PATHS.userRole(target.userId), { role_id: roleId }],
          ['POST', SYSTEM_PATHS.user(target.userId), { role_id: roleId }],
          ['POST', SYSTEM_PATHS.users, newUser(roleId)],
        ] as const) {
          const response = await call(method, url, manager.headers, payload);
          expect(response.statusCode).toBe(403);
          expect(response.json().code).toBe('role_exceeds_own');
        }
      }
      expect(
        (await call('POST', SYSTEM_PATHS.user(target.userId), manager.headers, { role_id: narrower }))
          .statusCode,
      ).toBe(204);
      expect((await call('POST', SYSTEM_PATHS.users, manager.headers, newUser(narrower))).statusCode).toBe(
        200,
      );
      // The owner holds everything.
      expect(
        (await call('PUT', SYSTEM_PATHS.userRole(target.userId), owner, { role_id: wider })).statusCode,
      ).toBe(204);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, target.userId));
      expect(row?.roleId).toBe(wider);
    });

    it('ids of another company answer 404, never data', async () => {
      const stranger = await addAccount(t, { company: 'own' });
      const foreignRole = await addRole({ dashboard: [] }, {}, stranger.companyId ?? 0);
      const target = await member({ dashboard: [] });
      const cases = [
        ['PUT', SYSTEM_PATHS.userRole(stranger.userId), { role_id: operatorRoleId }],
        ['POST', SYSTEM_PATHS.user(stranger.userId), { role_id: operatorRoleId }],
        ['DELETE', SYSTEM_PATHS.user(stranger.userId), undefined],
        ['PUT', SYSTEM_PATHS.userRole(target.userId), { role_id: foreignRole }],
        ['POST', SYSTEM_PATHS.users, newUser(foreignRole)],
      ] as const;
      for (const [method, url, payload] of cases) {
        const response = await call(method, url, owner, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, stranger.userId));
      expect(row?.companyId).toBe(stranger.companyId);
      // And the stranger, owner of their company, cannot reach the demo company's users.
      const reverse = await call('DELETE', SYSTEM_PATHS.user(target.userId), stranger.headers);
      expect(reverse.statusCode).toBe(404);
    });
  });
});
