/**
 * The open device manager (spec §2.1 /open-pages/device-manager, §8; issue 16): a link signed with
 * an access key shows the key's devices read-only, to anyone holding it; an expired link is
 * 'link expired', a forged one — or one of a disabled key — 'invalid link'.
 */
import { createHmac } from 'node:crypto';
import { DEVICE_MANAGER_PATHS, deviceManagerStringToSign, type OpenDevice } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deviceGroups, devices } from '../../core/db/devices.js';
import { createKey } from '../../testing/access-keys.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

describe.each(ENGINES)('the open device manager, on %s (issue 16)', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let group: { id: number; devices: string[] };

  blockApp(engine, async (app) => {
    t = app;
    owner = bearer(await t.signIn());
    const [first] = await t.database.db.select().from(deviceGroups).orderBy(deviceGroups.id).limit(1);
    if (!first) throw new Error('no group');
    const inGroup = await t.database.db
      .select({ sn: devices.sn })
      .from(devices)
      .where(eq(devices.groupId, first.id));
    group = { id: first.id, devices: inGroup.map((device) => device.sn).sort() };
  });

  const link = (key: { id: string; secret: string }, expires: number, signature?: string) => {
    const signed =
      signature ??
      createHmac('sha256', key.secret).update(deviceManagerStringToSign(key.id, expires)).digest('hex');
    return `/webapi${DEVICE_MANAGER_PATHS.devices}?key_id=${key.id}&expires=${expires}&signature=${signed}&size=100`;
  };
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

  it("shows a signed link's key's devices, read-only, without a session", async () => {
    const key = await createKey(t, owner, { is_access_all_group: false, group_ids: [group.id] });
    const response = await t.app.inject({ method: 'GET', url: link(key, inAnHour()) });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ items: OpenDevice[]; total: number }>();
    expect(page.total).toBe(group.devices.length);
    expect(page.items.map((device) => device.sn).sort()).toEqual(group.devices);
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(
      [
        'firmware_version',
        'group_name',
        'hardware_version',
        'last_online_at',
        'model',
        'name',
        'sn',
        'status',
      ].sort(),
    );
  });

  it("says 'link expired' past its expiry, 'invalid link' when forged, too far ahead or of a disabled key", async () => {
    const key = await createKey(t, owner);
    const refusal = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })).json();
    expect(await refusal(link(key, Math.floor(Date.now() / 1000) - 1))).toEqual({
      code: 'link_expired',
      message: 'Link expired',
    });
    expect(await refusal(link(key, inAnHour(), 'ab'.repeat(32)))).toMatchObject({
      code: 'link_invalid',
      message: 'Invalid link',
    });
    expect(await refusal(link({ ...key, secret: 'another secret' }, inAnHour()))).toMatchObject({
      code: 'link_invalid',
    });
    expect(await refusal(link(key, inAnHour() + 400 * 86_400))).toMatchObject({ code: 'link_invalid' });
    expect(await refusal(link({ id: 'nope', secret: key.secret }, inAnHour()))).toMatchObject({
      code: 'link_invalid',
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/webapi/v1/pms/company/access_keys/${key.id}`,
      headers: owner,
      payload: { disabled: true },
    });
    expect(await refusal(link(key, inAnHour()))).toMatchObject({ code: 'link_invalid' });
  });
});
