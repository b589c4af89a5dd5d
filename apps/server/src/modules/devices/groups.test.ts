import { DEVICE_PATHS, type DeviceGroups, encodeListParam, type MenusMap } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { companies, roles } from '../../core/db/schema.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { bindRecords } from './schema.js';
import { addGroup, addUnits, bind, call, memberWithGroups } from './test-support.js';

const OPERATOR: MenusMap = {
  device_maintenance: ['bind', 'edit', 'unbind', 'move', 'group'],
  device_bind_record: [],
  device_verify: ['verify'],
};

describe.each(ENGINES)('device groups and group permissions (spec §3 Group, role; §6) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  suiteApp(engine, (app) => ({ t, owner, companyId } = app), { owner: 'own' });

  /** A member of the company whose role grants OPERATOR with these group permissions. */
  const member = (groups: { all: true } | { ids: number[] }) =>
    memberWithGroups(t, companyId, OPERATOR, groups);

  const groupsOf = async (headers: Record<string, string>) => {
    const response = await call(t, 'GET', DEVICE_PATHS.groups, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeviceGroups>();
  };

  it('lists the groups with their device counts and the ungrouped count', async () => {
    const group = await addGroup(t, owner, 10);
    const units = await addUnits(t, 3);
    await bind(t, owner, units[0] as never, { group_id: group });
    await bind(t, owner, units[1] as never, { group_id: group });
    await bind(t, owner, units[2] as never);
    const listed = await groupsOf(owner);
    expect(listed.items.find((item) => item.id === group)).toMatchObject({ devices: 2, max_devices: 10 });
    expect(listed.ungrouped).toBe(1);
  });

  it('refuses a second group of the same name (409 group_name_taken), in create and rename', async () => {
    const body = { name: '重名分组', max_devices: 5 };
    expect((await call(t, 'POST', DEVICE_PATHS.groups, owner, body)).statusCode).toBe(200);
    const again = await call(t, 'POST', DEVICE_PATHS.groups, owner, body);
    expect([again.statusCode, again.json().code]).toEqual([409, 'group_name_taken']);
    const other = await addGroup(t, owner);
    const renamed = await call(t, 'PUT', DEVICE_PATHS.group(other), owner, body);
    expect([renamed.statusCode, renamed.json().code]).toEqual([409, 'group_name_taken']);
  });

  it('renames a group and changes its maximum, never below the devices it holds (409 group_full)', async () => {
    const group = await addGroup(t, owner, 5);
    for (const unit of await addUnits(t, 3)) await bind(t, owner, unit, { group_id: group });
    const below = await call(t, 'PUT', DEVICE_PATHS.group(group), owner, { name: '小组', max_devices: 2 });
    expect([below.statusCode, below.json().code]).toEqual([409, 'group_full']);
    const fits = await call(t, 'PUT', DEVICE_PATHS.group(group), owner, { name: '小组', max_devices: 3 });
    expect(fits.json()).toMatchObject({ name: '小组', max_devices: 3, devices: 3 });
    const unknown = await call(t, 'PUT', DEVICE_PATHS.group(999_999), owner, { name: 'x', max_devices: 3 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'group_unknown']);
  });

  it('refuses to bind or move into a group at its maximum (409 group_full), all or none', async () => {
    const group = await addGroup(t, owner, 2);
    const [first, second, third] = await addUnits(t, 3);
    await bind(t, owner, first as never, { group_id: group });
    const outside = await bind(t, owner, second as never);
    const other = await bind(t, owner, third as never);
    const moved = await call(t, 'POST', DEVICE_PATHS.move, owner, {
      device_ids: [outside.id, other.id],
      group_id: group,
    });
    expect([moved.statusCode, moved.json().code]).toEqual([409, 'group_full']);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, outside.id));
    expect(row?.groupId).toBeNull();
    expect(
      (await call(t, 'POST', DEVICE_PATHS.move, owner, { device_ids: [outside.id], group_id: group })).json(),
    ).toEqual({
      count: 1,
    });
    const [unit] = await addUnits(t);
    const full = await call(t, 'POST', DEVICE_PATHS.bind, owner, {
      mode: 'serial',
      sn: unit?.sn,
      device_code: unit?.deviceCode,
      group_id: group,
    });
    expect([full.statusCode, full.json().code]).toEqual([409, 'group_full']);
  });

  it('lets two concurrent moves into a group never overfill it', async () => {
    const group = await addGroup(t, owner, 3);
    const ids: number[] = [];
    for (const unit of await addUnits(t, 4)) ids.push((await bind(t, owner, unit)).id);
    const answers = await Promise.all([
      call(t, 'POST', DEVICE_PATHS.move, owner, { device_ids: ids.slice(0, 2), group_id: group }),
      call(t, 'POST', DEVICE_PATHS.move, owner, { device_ids: ids.slice(2, 4), group_id: group }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const inGroup = await t.database.db.select().from(devices).where(eq(devices.groupId, group));
    expect(inGroup).toHaveLength(2);
    expect((await groupsOf(owner)).items.find((item) => item.id === group)?.devices).toBe(2);
  });

  it('lets two concurrent binds into a group with one place left store exactly one', async () => {
    const group = await addGroup(t, owner, 1);
    const [first, second] = await addUnits(t, 2);
    const answers = await Promise.all(
      [first, second].map((unit) =>
        call(t, 'POST', DEVICE_PATHS.bind, owner, {
          mode: 'serial',
          sn: unit?.sn,
          device_code: unit?.deviceCode,
          group_id: group,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('deletes a group: its devices become ungrouped (with a move record), roles lose the group', async () => {
    const group = await addGroup(t, owner, 5);
    const [unit] = await addUnits(t);
    const device = await bind(t, owner, unit as never, { group_id: group });
    const limited = await member({ ids: [group] });
    expect((await call(t, 'DELETE', DEVICE_PATHS.group(group), owner)).statusCode).toBe(204);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row?.groupId).toBeNull();
    const records = await t.database.db
      .select()
      .from(bindRecords)
      .where(eq(bindRecords.deviceId, device.id))
      .orderBy(bindRecords.id);
    expect(records.at(-1)).toMatchObject({ action: 'move', after: '' });
    const rows = await t.database.db.select().from(roles).where(eq(roles.companyId, companyId));
    expect(rows.some((role) => role.groupIds.includes(group))).toBe(false);
    expect((await groupsOf(limited)).items).toEqual([]);
    expect((await call(t, 'DELETE', DEVICE_PATHS.group(group), owner)).statusCode).toBe(404);
  });

  it('deletes a group while its devices move out of it without a deadlock: each answers 2xx or 404', async () => {
    for (let round = 0; round < 5; round++) {
      const from = await addGroup(t, owner, 10);
      const to = await addGroup(t, owner, 10);
      const ids: number[] = [];
      for (const unit of await addUnits(t, 3)) ids.push((await bind(t, owner, unit, { group_id: from })).id);
      const [moved, deleted] = await Promise.all([
        call(t, 'POST', DEVICE_PATHS.move, owner, { device_ids: ids, group_id: to }),
        call(t, 'DELETE', DEVICE_PATHS.group(from), owner),
      ]);
      expect(moved.statusCode, moved.body).toBeLessThan(300);
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      const groups = await groupsOf(owner);
      const target = groups.items.find((item) => item.id === to);
      const inTarget = await t.database.db.select().from(devices).where(eq(devices.groupId, to));
      expect(target?.devices).toBe(inTarget.length);
    }
  });

  describe('a role limited to groups sees and acts only on the devices of its groups', () => {
    let mine: number;
    let theirs: number;
    let inMine: number;
    let inTheirs: number;
    let ungrouped: number;
    let limited: Record<string, string>;

    beforeAll(async () => {
      mine = await addGroup(t, owner);
      theirs = await addGroup(t, owner);
      const [a, b, c] = await addUnits(t, 3);
      inMine = (await bind(t, owner, a as never, { group_id: mine })).id;
      inTheirs = (await bind(t, owner, b as never, { group_id: theirs })).id;
      ungrouped = (await bind(t, owner, c as never)).id;
      limited = await member({ ids: [mine] });
    });

    it('in the list, its total and the group list (no ungrouped count)', async () => {
      const page = await call(t, 'GET', `${DEVICE_PATHS.devices}?size=100`, limited);
      expect(page.json().items.map((item: { id: number }) => item.id)).toEqual([inMine]);
      expect(page.json().total).toBe(1);
      const filtered = await call(
        t,
        'GET',
        `${DEVICE_PATHS.devices}?wheres=${encodeURIComponent(encodeListParam([{ k: 'group_id', o: 'in', v: [0, theirs] }]))}`,
        limited,
      );
      expect(filtered.json()).toEqual({ items: [], total: 0 });
      const groups = await groupsOf(limited);
      expect(groups.items.map((item) => item.id)).toEqual([mine]);
      expect(groups).not.toHaveProperty('ungrouped');
    });

    it('in detail and every action: a device outside its groups is not found (404)', async () => {
      for (const id of [inTheirs, ungrouped]) {
        expect((await call(t, 'GET', DEVICE_PATHS.device(id), limited)).statusCode).toBe(404);
        expect((await call(t, 'PATCH', DEVICE_PATHS.device(id), limited, { name: '越权' })).statusCode).toBe(
          404,
        );
        expect((await call(t, 'DELETE', DEVICE_PATHS.device(id), limited)).statusCode).toBe(404);
        const moved = await call(t, 'POST', DEVICE_PATHS.move, limited, { device_ids: [id], group_id: mine });
        expect(moved.statusCode).toBe(404);
      }
      expect((await call(t, 'GET', DEVICE_PATHS.device(inMine), limited)).statusCode).toBe(200);
      expect(
        (await call(t, 'PATCH', DEVICE_PATHS.device(inMine), limited, { name: '我的' })).statusCode,
      ).toBe(200);
    });

    it('binds and moves only into its groups (group_unknown), never out of every group (403)', async () => {
      const [unit] = await addUnits(t);
      const bindInto = (group_id: number | null) =>
        call(t, 'POST', DEVICE_PATHS.bind, limited, {
          mode: 'serial',
          sn: unit?.sn,
          device_code: unit?.deviceCode,
          group_id,
        });
      expect((await bindInto(theirs)).json().code).toBe('group_unknown');
      expect((await bindInto(null)).statusCode).toBe(403);
      expect((await bindInto(mine)).statusCode).toBe(200);
      const out = await call(t, 'POST', DEVICE_PATHS.move, limited, { device_ids: [inMine], group_id: null });
      expect(out.statusCode).toBe(403);
      const elsewhere = await call(t, 'POST', DEVICE_PATHS.move, limited, {
        device_ids: [inMine],
        group_id: theirs,
      });
      expect(elsewhere.json().code).toBe('group_unknown');
    });

    it('creates and deletes no group (403), renames only its own', async () => {
      expect(
        (await call(t, 'POST', DEVICE_PATHS.groups, limited, { name: '新组', max_devices: 3 })).statusCode,
      ).toBe(403);
      expect((await call(t, 'DELETE', DEVICE_PATHS.group(mine), limited)).statusCode).toBe(403);
      const foreign = await call(t, 'PUT', DEVICE_PATHS.group(theirs), limited, {
        name: '抢',
        max_devices: 50,
      });
      expect(foreign.json().code).toBe('group_unknown');
      const own = await call(t, 'PUT', DEVICE_PATHS.group(mine), limited, {
        name: '我的组',
        max_devices: 50,
      });
      expect(own.statusCode).toBe(200);
    });

    it('sees the binding records of the devices in its groups only', async () => {
      const page = await call(t, 'GET', `${DEVICE_PATHS.bindRecords}?size=100`, limited);
      expect(page.statusCode, page.body).toBe(200);
      const ids = new Set(page.json().items.map((item: { device_id: number }) => item.device_id));
      expect(ids.has(inMine)).toBe(true);
      expect(ids.has(inTheirs) || ids.has(ungrouped)).toBe(false);
      const all = await call(t, 'GET', `${DEVICE_PATHS.bindRecords}?size=100`, owner);
      expect(all.json().total).toBeGreaterThan(page.json().total);
    });

    it('a role with all-group access sees every device, the owner too', async () => {
      const everything = await member({ all: true });
      for (const headers of [everything, owner]) {
        const page = await call(t, 'GET', `${DEVICE_PATHS.devices}?size=100`, headers);
        const ids = page.json().items.map((item: { id: number }) => item.id);
        expect(ids).toEqual(expect.arrayContaining([inMine, inTheirs, ungrouped]));
      }
      const [company] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
      expect(company).toBeDefined();
    });
  });
});
