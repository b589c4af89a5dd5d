import { DEFAULT_ROLE, type MenuItem, type MenusMap, SYSTEM_PATHS, userInfoSchema } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceGroups } from '../../core/db/devices.js';
import { roles } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';

const ROLE_EDITOR: MenusMap = {
  system: [],
  system_role: ['add', 'edit', 'delete'],
  dashboard: [],
  device_maintenance: ['export', 'edit'],
};
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

describe.each(ENGINES)('company roles (spec §5.5, §6) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let demoCompanyId: number;
  /** Two device groups of the demo company, for group permissions. */
  let g1: number;
  let g2: number;

  suiteApp(engine, async (app) => {
    ({ t, owner, companyId: demoCompanyId } = app);
    const groups = await t.database.db
      .insert(deviceGroups)
      .values([1, 2].map((n) => ({ companyId: demoCompanyId, name: `角色测试分组${n}`, maxDevices: 10 })))
      .returning({ id: deviceGroups.id });
    [g1, g2] = groups.map((group) => group.id) as [number, number];
  });

  let counter = 0;
  const body = (menus: MenusMap, extra: object = {}) => ({ name: `角色 ${++counter}`, menus, ...extra });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: headers as Record<string, string>, payload });
  async function createRole(menus: MenusMap, extra: object = {}, as = owner) {
    const response = await call('POST', SYSTEM_PATHS.roles, as, body(menus, extra));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number }>().id;
  }
  async function editor(menus = ROLE_EDITOR, extra: object = {}) {
    const roleId = await createRole(menus, extra);
    return { roleId, ...(await addAccount(t, { company: 'demo', roleId })) };
  }

  it('lists the roles of the company with how many users hold each', async () => {
    const holder = await editor();
    const response = await call('GET', SYSTEM_PATHS.roles, owner);
    expect(response.statusCode).toBe(200);
    const role = response.json().items.find((item: { id: number }) => item.id === holder.roleId);
    expect(role).toMatchObject({ menus: ROLE_EDITOR, users: 1, is_access_all_group: false, group_ids: [] });
  });

  it('a company is made with its default role, which is listed as such and never deleted', async () => {
    const founder = await addAccount(t, { company: 'none' });
    const made = await call('POST', '/v1/pms/user/companies', founder.headers, {
      name: '默认角色测试有限公司',
    });
    expect(made.statusCode, made.body).toBe(201);
    const listed = await call('GET', SYSTEM_PATHS.roles, founder.headers);
    const defaults = listed.json().items.filter((role: { is_default: boolean }) => role.is_default);
    expect(defaults).toEqual([
      expect.objectContaining({ name: DEFAULT_ROLE.name, menus: { dashboard: [] } }),
    ]);
    for (const url of [
      SYSTEM_PATHS.role(defaults[0].id),
      `${SYSTEM_PATHS.role(defaults[0].id)}?dry_run=true`,
    ]) {
      const refused = await call('DELETE', url, founder.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('default_role');
    }
    const renamed = await call('PUT', SYSTEM_PATHS.role(defaults[0].id), founder.headers, {
      ...body({ dashboard: [] }),
      name: '新人',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('the demo company has its default role too', async () => {
    const listed = (await call('GET', SYSTEM_PATHS.roles, owner)).json().items;
    expect(listed.filter((role: { is_default: boolean }) => role.is_default)).toHaveLength(1);
  });

  it('a role with the users page but not the roles page still reads the roles, there only', async () => {
    const roleId = await createRole({ system: [], system_user: ['role'] });
    const account = await addAccount(t, { company: 'demo', roleId });
    const headers = bearer(account.token);
    const options = await call('GET', SYSTEM_PATHS.userRoleOptions, headers);
    expect(options.statusCode).toBe(200);
    expect(options.json().items.map((role: { id: number }) => role.id)).toContain(roleId);
    expect((await call('GET', SYSTEM_PATHS.roles, headers)).statusCode).toBe(403);
    const viewer = await addAccount(t, { company: 'demo', roleId: await createRole({ dashboard: [] }) });
    expect((await call('GET', SYSTEM_PATHS.userRoleOptions, bearer(viewer.token))).statusCode).toBe(403);
  });

  it('checks the name (≤ 200), at least one menu, and catalogue names', async () => {
    for (const bad of [
      body({ dashboard: [] }, { name: 'x'.repeat(201) }),
      body({}),
      body({ dashboard: [] }, { name: '  ' }),
    ]) {
      const response = await call('POST', SYSTEM_PATHS.roles, owner, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    expect((await call('POST', SYSTEM_PATHS.roles, owner, body({ nowhere: [] }))).json().code).toBe(
      'unknown_menu',
    );
    expect((await call('POST', SYSTEM_PATHS.roles, owner, body({ dashboard: ['fly'] }))).json().code).toBe(
      'unknown_menu',
    );
    const name = body({ dashboard: [] });
    expect((await call('POST', SYSTEM_PATHS.roles, owner, name)).statusCode).toBe(200);
    expect((await call('POST', SYSTEM_PATHS.roles, owner, name)).json().code).toBe('role_name_taken');
  });

  it('nobody creates or edits a role with more rights than their own', async () => {
    const me = await editor(ROLE_EDITOR, { group_ids: [g1] });
    const wider = [
      body({ dashboard: [], recharge: [] }),
      body({ device_maintenance: ['export', 'edit', 'unbind'] }),
      body({ dashboard: [] }, { is_access_all_group: true }),
      body({ dashboard: [] }, { group_ids: [g1, g2] }),
    ];
    const target = await createRole({ dashboard: [] });
    for (const payload of wider) {
      expect((await call('POST', SYSTEM_PATHS.roles, me.headers, payload)).json().code).toBe(
        'role_exceeds_own',
      );
      expect((await call('PUT', SYSTEM_PATHS.role(target), me.headers, payload)).json().code).toBe(
        'role_exceeds_own',
      );
    }
    expect(
      (
        await call(
          'POST',
          SYSTEM_PATHS.roles,
          me.headers,
          body({ device_maintenance: ['edit'] }, { group_ids: [g1] }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it("grants only groups of the company's own (404 group_unknown for any other id)", async () => {
    const rival = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const [theirs] = await t.database.db
      .insert(deviceGroups)
      .values({ companyId: rival.companyId ?? 0, name: '别家分组', maxDevices: 10 })
      .returning({ id: deviceGroups.id });
    for (const ids of [[theirs?.id ?? 0], [g1, 999_999]]) {
      const created = await call(
        'POST',
        SYSTEM_PATHS.roles,
        owner,
        body({ dashboard: [] }, { group_ids: ids }),
      );
      expect([created.statusCode, created.json().code]).toEqual([404, 'group_unknown']);
    }
    const roleId = await createRole({ dashboard: [] }, { group_ids: [g1, g2] });
    const edited = await call(
      'PUT',
      SYSTEM_PATHS.role(roleId),
      owner,
      body({ dashboard: [] }, { group_ids: [theirs?.id] }),
    );
    expect(edited.json().code).toBe('group_unknown');
    const [row] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
    expect(row?.groupIds).toEqual([g1, g2]);
  });

  it('nobody edits or deletes their own role', async () => {
    const me = await editor();
    for (const [method, payload] of [
      ['PUT', body({ dashboard: [] })],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, SYSTEM_PATHS.role(me.roleId), me.headers, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('cannot_change_self');
    }
  });

  it('nobody acts on a role above their level', async () => {
    const me = await editor();
    const above = await createRole({ ...ROLE_EDITOR, recharge: [] });
    for (const [method, payload] of [
      ['PUT', body({ dashboard: [] })],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, SYSTEM_PATHS.role(above), me.headers, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('target_outranks_caller');
    }
  });

  it('a reduction answers how many users it affects on dry_run, and their next request sees it', async () => {
    const roleId = await createRole(
      { system: [], system_user: ['add', 'role'], dashboard: [] },
      { is_access_all_group: true },
    );
    const members = [
      await addAccount(t, { company: 'demo', roleId }),
      await addAccount(t, { company: 'demo', roleId }),
    ];
    const narrowed = body({ system: [], system_user: ['add'], dashboard: [] }, { is_access_all_group: true });
    const dry = await call('PUT', `${SYSTEM_PATHS.role(roleId)}?dry_run=true`, owner, narrowed);
    expect(dry.json()).toEqual({ reduction: true, affected_users: 2, applied: false });
    const [unchanged] = await t.database.db.select().from(roles).where(eq(roles.id, roleId));
    expect(unchanged?.menus.system_user).toEqual(['add', 'role']);
    // Losing all-group access is a reduction too; adding is not.
    const groupsLost = body({ system: [], system_user: ['add', 'role'], dashboard: [] }, { group_ids: [g1] });
    expect(
      (await call('PUT', `${SYSTEM_PATHS.role(roleId)}?dry_run=true`, owner, groupsLost)).json().reduction,
    ).toBe(true);
    const widened = body(
      { system: [], system_user: ['add', 'role', 'delete'], dashboard: [] },
      { is_access_all_group: true },
    );
    expect((await call('PUT', `${SYSTEM_PATHS.role(roleId)}?dry_run=true`, owner, widened)).json()).toEqual({
      reduction: false,
      affected_users: 0,
      applied: false,
    });

    const applied = await call('PUT', SYSTEM_PATHS.role(roleId), owner, narrowed);
    expect(applied.json()).toEqual({ reduction: true, affected_users: 2, applied: true });
    for (const member of members) {
      const info = userInfoSchema.parse((await call('GET', '/v1/pms/user', member.headers)).json());
      const page = flatten(info.menus as MenuItem[]).find((item) => item.name === 'system_user');
      expect(page?.children.map((child) => child.name)).toEqual(['add']);
      // And the server refuses the removed button at once.
      const refused = await call(
        'PUT',
        SYSTEM_PATHS.userRole(members[0] === member ? (members[1]?.userId ?? 0) : (members[0]?.userId ?? 0)),
        member.headers,
        { role_id: roleId },
      );
      expect(refused.statusCode).toBe(403);
    }
  });

  it('deletes a role nobody holds; with holders dry_run counts them and deleting is refused', async () => {
    const free = await createRole({ dashboard: [] });
    const held = await createRole({ dashboard: [] });
    await addAccount(t, { company: 'demo', roleId: held });
    expect((await call('DELETE', `${SYSTEM_PATHS.role(held)}?dry_run=1`, owner)).json()).toEqual({
      reduction: true,
      affected_users: 1,
      applied: false,
    });
    expect((await call('DELETE', SYSTEM_PATHS.role(held), owner)).json().code).toBe('role_in_use');
    expect((await call('DELETE', SYSTEM_PATHS.role(free), owner)).json()).toMatchObject({ applied: true });
    expect(await t.database.db.select().from(roles).where(eq(roles.id, free))).toEqual([]);
  });

  it('ids of another company answer 404, never data', async () => {
    const stranger = await addAccount(t, { company: 'own' });
    const [foreign] = await t.database.db
      .insert(roles)
      .values({ companyId: stranger.companyId ?? 0, name: 'foreign', menus: { dashboard: [] } })
      .returning({ id: roles.id });
    const foreignId = foreign?.id ?? 0;
    expect((await call('PUT', SYSTEM_PATHS.role(foreignId), owner, body({ dashboard: [] }))).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', SYSTEM_PATHS.role(foreignId), owner)).statusCode).toBe(404);
    const list = await call('GET', SYSTEM_PATHS.roles, owner);
    expect(list.json().items.map((item: { id: number }) => item.id)).not.toContain(foreignId);
    const theirs = await call('GET', SYSTEM_PATHS.roles, stranger.headers);
    expect(theirs.json().items.map((item: { id: number }) => item.id)).toEqual([foreignId]);
    expect(demoCompanyId).not.toBe(stranger.companyId);
  });
});
