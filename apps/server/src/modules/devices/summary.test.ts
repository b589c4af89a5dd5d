/**
 * The devices' summary of the dashboard's card (issue 29): online and offline now and over the last
 * day, over exactly the devices the caller's device list shows — the company's, its downstream
 * companies' with all-group access, else those of the role's groups — and only with that page.
 */
import { DEVICE_PATHS, DEVICE_SUMMARY_HOURS, type DeviceSummary } from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { addAccount, addDownstream } from '../../testing/accounts.js';
import { cardSummary } from '../../testing/card-summary.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { addGroup, addUnits, bind, call, memberWithGroups } from './test-support.js';

const HOUR_MS = 3_600_000;

describe.each(ENGINES)('the devices summary (issue 29) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let group: number;
  /** Device ids by what they did: in the group, ungrouped, and the downstream company's. */
  const ids = { grouped: [] as number[], ungrouped: [] as number[], downstream: [] as number[] };

  blockApp(engine, async (app) => {
    t = app;
    const account = await addAccount(t, { company: 'own', verifyStatus: 2 });
    owner = account.headers;
    companyId = account.companyId ?? 0;
    group = await addGroup(t, owner);
    const units = await addUnits(t, 6);
    for (const unit of units.slice(0, 4))
      ids.grouped.push((await bind(t, owner, unit, { group_id: group })).id);
    for (const unit of units.slice(4)) ids.ungrouped.push((await bind(t, owner, unit)).id);
    const customer = await addDownstream(t, companyId, { verifyStatus: 2 });
    for (const unit of await addUnits(t, 2)) ids.downstream.push((await bind(t, customer.headers, unit)).id);

    const now = Date.now();
    const set = (which: number[], values: Partial<typeof devices.$inferInsert>) =>
      t.database.db.update(devices).set(values).where(inArray(devices.id, which));
    const [g1, g2, g3, g4] = ids.grouped as [number, number, number, number];
    const [u1, u2] = ids.ungrouped as [number, number];
    // Online all day; online again after a drop an hour ago; dropped two hours ago; gone for days.
    await set([g1], { status: 'online', lastOnlineAt: new Date(now - 30 * HOUR_MS) });
    await set([g2, u1], {
      status: 'online',
      lastOnlineAt: new Date(now - 0.5 * HOUR_MS),
      lastOfflineAt: new Date(now - HOUR_MS),
    });
    await set([g3], {
      lastOnlineAt: new Date(now - 5 * HOUR_MS),
      lastOfflineAt: new Date(now - 2 * HOUR_MS),
    });
    await set([g4, u2], {
      lastOnlineAt: new Date(now - 80 * HOUR_MS),
      lastOfflineAt: new Date(now - (DEVICE_SUMMARY_HOURS + 1) * HOUR_MS),
    });
    await set(ids.downstream.slice(0, 1), { status: 'online', lastOnlineAt: new Date(now - HOUR_MS) });
  });

  const { summary, refusal, strangerSummary } = cardSummary<DeviceSummary>(() => t, DEVICE_PATHS.summary);

  it('counts online and offline now, and who was online or dropped in the last day, downstream included', async () => {
    expect(await summary(owner)).toEqual({
      total: 8,
      online: 4,
      offline: 4,
      online_recently: 5,
      dropped_recently: 3,
    });
  });

  it('agrees with the device list of the same caller', async () => {
    const list = await call(t, 'GET', `${DEVICE_PATHS.devices}?size=1`, owner);
    expect((await summary(owner)).total).toBe(list.json<{ total: number }>().total);
  });

  it("counts only the role's groups for a member without all-group access (no ungrouped, no downstream)", async () => {
    const member = await memberWithGroups(t, companyId, { device_maintenance: [] }, { ids: [group] });
    expect(await summary(member)).toEqual({
      total: 4,
      online: 2,
      offline: 2,
      online_recently: 3,
      dropped_recently: 2,
    });
    const none = await memberWithGroups(t, companyId, { device_maintenance: [] }, { ids: [] });
    expect((await summary(none)).total).toBe(0);
  });

  it('needs the device page, as the list does (403 without it)', async () => {
    const member = await memberWithGroups(t, companyId, { dashboard: [] }, { all: true });
    expect(await refusal(member)).toEqual([403, 'forbidden']);
  });

  it("shows another company nothing of this one's", async () => {
    expect(await strangerSummary()).toEqual({
      total: 0,
      online: 0,
      offline: 0,
      online_recently: 0,
      dropped_recently: 0,
    });
  });
});
