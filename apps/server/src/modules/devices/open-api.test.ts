import { DEVICE_PATHS, type Device, type ListPage } from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { createKey, signedCall } from '../../testing/access-keys.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { bindRecords } from './schema.js';
import { addGroup, addUnits, bind } from './test-support.js';

const OPERATIONS = {
  list: 'GET /v1/dms/company/devices',
  detail: 'GET /v1/dms/company/devices/{id}',
  bind: 'POST /v1/dms/company/devices/bind',
  rename: 'PATCH /v1/dms/company/devices/{id}',
  unbind: 'DELETE /v1/dms/company/devices/{id}',
};

describe.each(ENGINES)('the devices of the open API (signed with an access key) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let group: number;
  let other: number;
  let inGroup: Device;
  let outside: Device;

  suiteApp(engine, async (app) => {
    ({ t, owner } = app);
    group = await addGroup(t, owner);
    other = await addGroup(t, owner);
    const [a, b] = await addUnits(t, 2);
    inGroup = await bind(t, owner, a as never, { group_id: group, name: '开放设备' });
    outside = await bind(t, owner, b as never, { group_id: other });
  });

  it('offers list, detail, bind, rename and unbind as open operations', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/webapi/v1/pms/company/access_keys/operations',
      headers: owner,
    });
    const ids = response.json<{ items: Array<{ id: string }> }>().items.map((operation) => operation.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(OPERATIONS)));
  });

  it("lists and reads only the devices of the key's groups", async () => {
    const key = await createKey(t, owner, {
      operations: [OPERATIONS.list, OPERATIONS.detail],
      group_ids: [group],
    });
    const page = await signedCall(t, key, { url: `/webapi${DEVICE_PATHS.devices}?page=1&size=50` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<ListPage<Device>>()).toMatchObject({
      total: 1,
      items: [{ id: inGroup.id, name: '开放设备' }],
    });
    const mine = await signedCall(t, key, { url: `/webapi${DEVICE_PATHS.device(inGroup.id)}` });
    expect(mine.statusCode).toBe(200);
    const theirs = await signedCall(t, key, { url: `/webapi${DEVICE_PATHS.device(outside.id)}` });
    expect(theirs.statusCode).toBe(404);
    const all = await createKey(t, owner, { operations: [OPERATIONS.list], is_access_all_group: true });
    const everything = await signedCall(t, all, { url: `/webapi${DEVICE_PATHS.devices}?size=100` });
    expect(everything.json().total).toBeGreaterThan(2);
  });

  it('binds into a group of the key, renames and unbinds, recorded as open_api with the key as operator', async () => {
    const key = await createKey(t, owner, {
      operations: [OPERATIONS.bind, OPERATIONS.rename, OPERATIONS.unbind],
      group_ids: [group],
    });
    const [unit] = await addUnits(t);
    const body = JSON.stringify({
      mode: 'serial',
      sn: unit?.sn,
      device_code: unit?.deviceCode,
      group_id: group,
    });
    const bound = await signedCall(t, key, { method: 'POST', url: `/webapi${DEVICE_PATHS.bind}`, body });
    expect(bound.statusCode, bound.body).toBe(200);
    const id = bound.json<Device>().id;
    const renamed = await signedCall(t, key, {
      method: 'PATCH',
      url: `/webapi${DEVICE_PATHS.device(id)}`,
      body: JSON.stringify({ name: '接口改名' }),
    });
    expect(renamed.json()).toMatchObject({ name: '接口改名' });
    const foreign = await signedCall(t, key, {
      method: 'PATCH',
      url: `/webapi${DEVICE_PATHS.device(outside.id)}`,
      body: JSON.stringify({ name: '越权' }),
    });
    expect(foreign.statusCode).toBe(404);
    const unbound = await signedCall(t, key, { method: 'DELETE', url: `/webapi${DEVICE_PATHS.device(id)}` });
    expect(unbound.statusCode).toBe(204);
    const records = await t.database.db
      .select()
      .from(bindRecords)
      .where(eq(bindRecords.deviceId, id))
      .orderBy(bindRecords.id);
    expect(records.map((record) => [record.action, record.source, record.operatorName])).toEqual([
      ['bind', 'open_api', key.id],
      ['rename', 'open_api', key.id],
      ['unbind', 'open_api', key.id],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'device.bind'), eq(auditLogs.accessKeyId, key.id)));
    expect(audit).toHaveLength(1);
  });

  it("refuses what the key's operations do not hold (403) and the batch routes, which are not open (401)", async () => {
    const key = await createKey(t, owner, { operations: [OPERATIONS.list], is_access_all_group: true });
    const detail = await signedCall(t, key, { url: `/webapi${DEVICE_PATHS.device(inGroup.id)}` });
    expect([detail.statusCode, detail.json().code]).toEqual([403, 'operation_not_permitted']);
    const batch = await signedCall(t, key, {
      method: 'POST',
      url: `/webapi${DEVICE_PATHS.unbind}`,
      body: JSON.stringify({ device_ids: [inGroup.id] }),
    });
    expect(batch.statusCode).toBe(401);
  });
});
