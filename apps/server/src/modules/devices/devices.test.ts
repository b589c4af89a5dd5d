import { DEVICE_PATHS, type Device, encodeListParam, type ListPage } from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { devices, factoryUnits } from '../../core/db/devices.js';
import { companies } from '../../core/db/schema.js';
import { DEMO_DOWNSTREAM_COMPANY } from '../../seed.js';
import { addAccount } from '../../testing/accounts.js';
import { ENGINES, statementsDuring, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { DEVICE_SECRETS } from './factory.js';
import { bindRecords } from './schema.js';
import { addGroup, addUnits, bind, call } from './test-support.js';

const list = (wheres: object[] = [], orders: object[] = [], extra = '') =>
  `${DEVICE_PATHS.devices}?${[
    wheres.length ? `wheres=${encodeURIComponent(encodeListParam(wheres))}` : '',
    orders.length ? `orders=${encodeURIComponent(encodeListParam(orders))}` : '',
    extra,
  ]
    .filter(Boolean)
    .join('&')}`;

describe.each(ENGINES)('devices (spec §3 Device, §5.1, §5.4, §6) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let demoCompanyId: number;
  // No task engine or money schedule: a tick of theirs would land among the statements a test counts.
  suiteApp(engine, (app) => ({ t, owner, companyId: demoCompanyId } = app), { app: { taskTickMs: 0 } });

  it('binds a unit by its serial and device code: listed, recorded and audited', async () => {
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const device = await bind(
      t,
      owner,
      { ...unit, deviceCode: unit.deviceCode.toLowerCase() },
      { name: '大门_01' },
    );
    expect(device).toMatchObject({
      sn: unit.sn,
      name: '大门_01',
      kind: 'ipc',
      model: unit.model,
      firmware_version: unit.firmwareVersion,
      mac: unit.mac,
      group_id: null,
      status: 'offline',
      read_only: false,
      company_id: demoCompanyId,
      gb28181_id: '',
    });
    const page = await call(t, 'GET', list([{ k: 'sn', o: '=', v: unit.sn }]), owner);
    expect(page.json<ListPage<Device>>()).toMatchObject({ total: 1, items: [{ id: device.id }] });
    const records = await t.database.db
      .select()
      .from(bindRecords)
      .where(eq(bindRecords.deviceId, device.id))
      .orderBy(bindRecords.id);
    expect(records).toEqual([
      expect.objectContaining({ action: 'bind', sn: unit.sn, after: '大门_01', source: 'console' }),
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'device.bind'), eq(auditLogs.targetId, String(device.id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses a serial the registry does not have (404 device_unknown) and a wrong device code (400 device_code_mismatch)', async () => {
    const [unit, other] = await addUnits(t, 2);
    if (!unit || !other) throw new Error('no unit');
    const unknown = await call(t, 'POST', DEVICE_PATHS.bind, owner, {
      mode: 'serial',
      sn: `${unit.sn.slice(0, 13)}9999999`,
      device_code: unit.deviceCode,
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'device_unknown']);
    const mismatch = await call(t, 'POST', DEVICE_PATHS.bind, owner, {
      mode: 'serial',
      sn: unit.sn,
      device_code: other.deviceCode,
    });
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([400, 'device_code_mismatch']);
    const malformed = await call(t, 'POST', DEVICE_PATHS.bind, owner, {
      mode: 'serial',
      sn: '123',
      device_code: 'x',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('of two companies binding one serial at once, exactly one wins; the other gets 409 device_bound', async () => {
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const rival = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const payload = { mode: 'serial', sn: unit.sn, device_code: unit.deviceCode };
    const answers = await Promise.all([
      call(t, 'POST', DEVICE_PATHS.bind, owner, payload),
      call(t, 'POST', DEVICE_PATHS.bind, rival.headers, payload),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('device_bound');
    const rows = await t.database.db.select().from(devices).where(eq(devices.sn, unit.sn));
    expect(rows).toHaveLength(1);
    const again = await call(t, 'POST', DEVICE_PATHS.bind, owner, payload);
    expect([again.statusCode, again.json().code]).toEqual([409, 'device_bound']);
  });

  it('binds a GB28181 device by its national id (the unit serial), its password kept sealed', async () => {
    const [unit] = await addUnits(t, 1, 'nvr');
    if (!unit) throw new Error('no unit');
    const response = await call(t, 'POST', DEVICE_PATHS.bind, owner, {
      mode: 'gb28181',
      name: '国标录像机',
      gb28181_id: unit.sn,
      password: 'gb-pass-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      gb28181_id: unit.sn,
      sn: unit.sn,
      kind: 'nvr',
      name: '国标录像机',
    });
    expect(response.body).not.toContain('gb-pass-1');
    const [row] = await t.database.db.select().from(devices).where(eq(devices.sn, unit.sn));
    expect(row?.gbPasswordSealed).not.toContain('gb-pass-1');
    expect(t.secrets.box(DEVICE_SECRETS).open(row?.gbPasswordSealed ?? '', `gb:${unit.sn}`)).toBe(
      'gb-pass-1',
    );
    const unknown = await call(t, 'POST', DEVICE_PATHS.bind, owner, {
      mode: 'gb28181',
      name: '国标',
      gb28181_id: `34020000001320000001`,
      password: 'gb-pass-1',
    });
    expect(unknown.json().code).toBe('device_unknown');
  });

  it('keeps the device secret of every unit sealed with the serial as associated data', async () => {
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const [row] = await t.database.db.select().from(factoryUnits).where(eq(factoryUnits.sn, unit.sn));
    expect(row?.secretSealed).not.toContain(unit.secret);
    const box = t.secrets.box(DEVICE_SECRETS);
    expect(box.open(row?.secretSealed ?? '', unit.sn)).toBe(unit.secret);
    expect(box.open(row?.secretSealed ?? '', `${unit.sn.slice(0, -1)}9`)).toBeNull();
  });

  it('lists with filters and sort keys, 100 rows a page at most', async () => {
    const group = await addGroup(t, owner);
    const units = await addUnits(t, 5);
    for (const [index, unit] of units.entries()) {
      await bind(t, owner, unit, { group_id: group, name: `排序${index}` });
    }
    const byName = await call(
      t,
      'GET',
      list([{ k: 'group_id', o: '=', v: group }], [{ k: 'name', o: 'desc' }], 'size=2&page=2'),
      owner,
    );
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json<ListPage<Device>>()).toMatchObject({
      total: 5,
      items: [{ name: '排序2' }, { name: '排序1' }],
    });
    const like = await call(
      t,
      'GET',
      list([
        { k: 'name', o: 'like', v: '排序' },
        { k: 'status', o: '=', v: 'offline' },
      ]),
      owner,
    );
    expect(like.json().total).toBe(5);
    const ungrouped = await call(t, 'GET', list([{ k: 'group_id', o: 'in', v: [0, group] }]), owner);
    expect(ungrouped.json().total).toBeGreaterThan(5);
    expect((await call(t, 'GET', list([], [], 'size=101'), owner)).statusCode).toBe(400);
    expect((await call(t, 'GET', list([{ k: 'ip', o: '=', v: '1' }]), owner)).json().code).toBe(
      'invalid_list_query',
    );
  });

  it('counts again after a change: the remembered total follows binds and unbinds', async () => {
    const group = await addGroup(t, owner);
    const url = list([{ k: 'group_id', o: '=', v: group }]);
    expect((await call(t, 'GET', url, owner)).json().total).toBe(0);
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const device = await bind(t, owner, unit, { group_id: group });
    expect((await call(t, 'GET', url, owner)).json().total).toBe(1);
    expect((await call(t, 'DELETE', DEVICE_PATHS.device(device.id), owner)).statusCode).toBe(204);
    expect((await call(t, 'GET', url, owner)).json()).toEqual({ items: [], total: 0 });
  });

  it("includes the downstream companies' devices, read-only, and refuses to unbind, move or edit them (403 device_read_only, naming the action)", async () => {
    const [downstream] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_DOWNSTREAM_COMPANY.name));
    const page = await call(t, 'GET', list([{ k: 'company_id', o: '=', v: downstream?.id }]), owner);
    const items = page.json<ListPage<Device>>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.read_only && item.company_name === DEMO_DOWNSTREAM_COMPANY.name)).toBe(
      true,
    );
    const theirs = items[0]?.id ?? 0;
    const all = await call(t, 'GET', list([], [{ k: 'sn', o: 'asc' }], 'size=100'), owner);
    expect(all.json<ListPage<Device>>().items.some((item) => item.id === theirs)).toBe(true);
    const sorted = all.json<ListPage<Device>>().items.map((item) => item.sn);
    expect(sorted).toEqual([...sorted].sort());
    for (const [method, url, payload, message] of [
      ['PATCH', DEVICE_PATHS.device(theirs), { name: '改名' }, '下级公司的设备只读，不能编辑'],
      ['DELETE', DEVICE_PATHS.device(theirs), undefined, '下级公司的设备只读，不能解绑'],
      [
        'POST',
        DEVICE_PATHS.move,
        { device_ids: [theirs], group_id: null },
        '下级公司的设备只读，不能移动到其他分组',
      ],
      ['POST', DEVICE_PATHS.unbind, { device_ids: [theirs] }, '下级公司的设备只读，不能解绑'],
    ] as const) {
      const response = await call(t, method, url, owner, payload);
      expect([response.statusCode, response.json()], `${method} ${url}`).toEqual([
        403,
        { code: 'device_read_only', message },
      ]);
    }
    expect((await call(t, 'GET', DEVICE_PATHS.device(theirs), owner)).json().read_only).toBe(true);
    // Known by now: the downstream companies ride along in the page's statement, the total is
    // remembered, so a page is one statement, after the caller version's on PostgreSQL (the embedded
    // server hears it announced).
    const url = list([{ k: 'company_id', o: '=', v: downstream?.id }]);
    await call(t, 'GET', url, owner);
    const statements = await statementsDuring(t.database, () => call(t, 'GET', url, owner));
    expect(statements).toHaveLength(engine === 'pglite' ? 1 : 2);
  });

  it('renames a device and changes its remark; a rename leaves a record with the names before and after', async () => {
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const device = await bind(t, owner, unit, { name: '旧名' });
    const renamed = await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, {
      name: '新名',
      remark: '东门',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '新名', remark: '东门' });
    const remarkOnly = await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, {
      name: '新名',
      remark: '西门',
    });
    expect(remarkOnly.json().remark).toBe('西门');
    const records = await t.database.db
      .select()
      .from(bindRecords)
      .where(eq(bindRecords.deviceId, device.id))
      .orderBy(bindRecords.id);
    expect(records.map((record) => [record.action, record.before, record.after])).toEqual([
      ['bind', '', '旧名'],
      ['rename', '旧名', '新名'],
    ]);
    const bad = await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, { name: 'a b' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
  });

  it('unbinds: the unit goes back to the factory pool and can be bound again, its records stay', async () => {
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const device = await bind(t, owner, unit);
    expect((await call(t, 'DELETE', DEVICE_PATHS.device(device.id), owner)).statusCode).toBe(204);
    expect((await call(t, 'GET', DEVICE_PATHS.device(device.id), owner)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', DEVICE_PATHS.device(device.id), owner)).statusCode).toBe(404);
    const again = await bind(t, owner, unit);
    expect(again.id).not.toBe(device.id);
    const records = await t.database.db
      .select()
      .from(bindRecords)
      .where(eq(bindRecords.sn, unit.sn))
      .orderBy(bindRecords.id);
    expect(records.map((record) => record.action)).toEqual(['bind', 'unbind', 'bind']);
  });

  it('unbinds and moves a batch all or none: one unknown id refuses the whole batch (404)', async () => {
    const units = await addUnits(t, 3);
    const ids: number[] = [];
    for (const unit of units) ids.push((await bind(t, owner, unit)).id);
    const group = await addGroup(t, owner);
    const refused = await call(t, 'POST', DEVICE_PATHS.move, owner, {
      device_ids: [...ids, 999_999],
      group_id: group,
    });
    expect(refused.statusCode).toBe(404);
    const moved = await call(t, 'POST', DEVICE_PATHS.move, owner, { device_ids: ids, group_id: group });
    expect(moved.json()).toEqual({ count: 3 });
    const groups = await call(t, 'GET', DEVICE_PATHS.groups, owner);
    expect(groups.json().items.find((item: { id: number }) => item.id === group)?.devices).toBe(3);
    const records = await t.database.db
      .select()
      .from(bindRecords)
      .where(eq(bindRecords.deviceId, ids[0] ?? 0))
      .orderBy(bindRecords.id);
    expect(records.at(-1)).toMatchObject({
      action: 'move',
      before: '',
      after: expect.stringMatching(/^分组/),
    });
    const unbound = await call(t, 'POST', DEVICE_PATHS.unbind, owner, { device_ids: ids });
    expect(unbound.json()).toEqual({ count: 3 });
    const after = await call(t, 'GET', DEVICE_PATHS.groups, owner);
    expect(after.json().items.find((item: { id: number }) => item.id === group)?.devices).toBe(0);
  });

  it("answers another company's device as not found (404), in every action", async () => {
    const rival = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const theirs = await bind(t, rival.headers, unit);
    expect((await call(t, 'GET', DEVICE_PATHS.device(theirs.id), owner)).statusCode).toBe(404);
    expect((await call(t, 'PATCH', DEVICE_PATHS.device(theirs.id), owner, { name: '抢走' })).statusCode).toBe(
      404,
    );
    expect((await call(t, 'DELETE', DEVICE_PATHS.device(theirs.id), owner)).statusCode).toBe(404);
    const page = await call(t, 'GET', list([{ k: 'sn', o: '=', v: unit.sn }]), owner);
    expect(page.json()).toEqual({ items: [], total: 0 });
  });
});
