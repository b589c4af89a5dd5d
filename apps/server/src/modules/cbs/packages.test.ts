/**
 * Cloud storage packages (issue 17; spec §4.3 plan changes, §9 quotas and monthly billing): open and
 * upgrade at once with the rest of the month prorated, downgrade and close next month, the monthly
 * run with the clock moved, suspension with its warnings before and after, and the dashboard.
 */
import {
  accountingMonthStart,
  CBS_PATHS,
  type CbsDashboard,
  CLOUD_PLAN_PRICES,
  type CloudDevice,
  type CloudPackage,
  type CloudPackageChange,
  DEVICE_PATHS,
  DEVICE_TOPICS,
  type Device,
  FINANCE_PATHS,
  type Finance,
  type ListPage,
  proratedFen,
} from '@vap/contracts';
import type { AedesPublishPacket } from 'aedes';
import { and, asc, eq, ne } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { devices } from '../../core/db/devices.js';
import { companies } from '../../core/db/schema.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { apiCalls } from '../../testing/test-app.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { CompanyStanding, Ledger } from '../finance/index.js';
import type { Connection } from '../mqtt/index.js';
import { deviceTopic } from '../mqtt/index.js';
import { messages } from '../notices/schema.js';
import { cloudPackages } from './schema.js';

// 12:00 on 16 November 2026 in Beijing; November's accounting month has 30 days.
const NOV_16 = Date.parse('2026-11-16T04:00:00Z');
const DEC_START = accountingMonthStart(NOV_16, 1).getTime();
const prorated = (price: number, at: number) =>
  proratedFen(price, at, accountingMonthStart(at).getTime(), accountingMonthStart(at, 1).getTime());

describe.each(ENGINES)('cloud packages on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let ownerId: number;
  let free: Array<{ id: number; sn: string }>;
  let ledger: Ledger;
  let clock = NOV_16;

  blockApp(engine, { taskTickMs: 0, clock: () => clock }, async (app) => {
    t = app;
    owner = bearer(await t.signIn());
    const info = await t.app.inject({ method: 'GET', url: '/webapi/v1/pms/user', headers: owner });
    const user = info.json<{ id: number; company: { id: number } }>();
    companyId = user.company.id;
    ownerId = user.id;
    // The demo's packages are on its first twelve devices; these have none.
    free = (
      await t.database.db
        .select({ id: devices.id, sn: devices.sn })
        .from(devices)
        .where(eq(devices.companyId, companyId))
        .orderBy(asc(devices.id))
    ).slice(12);
    // Posting as the app's ledger does: each entry tells the company's standing.
    const standing = new CompanyStanding();
    ledger = new Ledger(
      t.database.db,
      () => clock,
      (tx, id) => standing.balanceChanged(tx, id),
    );
  });
  beforeEach(() => {
    clock = NOV_16;
  });

  const call = apiCalls(
    () => t,
    () => owner,
  );
  const money = async () => (await call('GET', FINANCE_PATHS.finance)).json<Finance>();
  const open = (deviceIds: number[], service: 'cloud_backup' | 'cloud_video', plan: 'free' | 'c' | 'r') =>
    call('POST', CBS_PATHS.packages, { device_ids: deviceIds, service, plan });
  const packageRow = async (id: number) =>
    (await t.database.db.select().from(cloudPackages).where(eq(cloudPackages.id, id)))[0];
  const deviceOf = async (id: number) => (await call('GET', DEVICE_PATHS.device(id))).json<Device>();
  const setBalance = async (fen: number) => {
    const balance = await ledger.balance(companyId);
    if (balance !== fen) await ledger.post({ companyId, kind: 'adjustment', amount: fen - balance });
  };
  const ownerMessages = () =>
    t.database.db
      .select({ title: messages.title })
      .from(messages)
      .where(and(eq(messages.userId, ownerId), eq(messages.kind, 'finance')));

  it("is refused while the company's product flag cbs is off", async () => {
    await t.database.db.update(companies).set({ cbs: 1 }).where(eq(companies.id, companyId));
    const refused = await call('GET', CBS_PATHS.dashboard);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'product_disabled' });
    await t.database.db.update(companies).set({ cbs: 0 }).where(eq(companies.id, companyId));
  });

  it('opens at once, each device charged the rest of this month prorated; the device list shows it', async () => {
    await setBalance(100_000);
    const [a, b] = free as [{ id: number; sn: string }, { id: number; sn: string }];
    const response = await open([a.id, b.id], 'cloud_backup', 'r');
    expect(response.statusCode, response.body).toBe(200);
    const change = response.json<CloudPackageChange>();
    const each = prorated(CLOUD_PLAN_PRICES.cloud_backup.r, NOV_16);
    expect(each).toBe(967); // 14 days and 12 hours of 30, of ¥20.00, rounded up
    expect(change.charged).toBe(2 * each);
    expect(change.packages[0]).toMatchObject({
      plan: 'r',
      state: 'active',
      next_plan: null,
      space_quota: 500 * 1024 * 1024,
      flow_quota: 100 * 1024 * 1024,
      period_end: new Date(DEC_START).toISOString(),
    });
    expect((await money()).balance).toBe(100_000 - 2 * each);
    expect((await deviceOf(a.id)).cloud_backup).toBe('active');
    const bySerial = Buffer.from(
      JSON.stringify([{ k: 'reference', o: 'like', v: `/${change.packages[0]?.id}/` }]),
    ).toString('base64');
    const records = await call('GET', `${FINANCE_PATHS.consumption}?wheres=${bySerial}`);
    expect(records.json<{ items: Array<{ product: string; amount: number; note: string }> }>().items).toEqual(
      [expect.objectContaining({ product: 'cloud_backup', amount: each, note: 'cbs:open:r' })],
    );
  });

  it("names a package's charges in words in the consumption export", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.consumptionExport}?wheres=${Buffer.from(JSON.stringify([{ k: 'product', o: '=', v: 'cloud_backup' }])).toString('base64')}`,
      headers: { ...owner, 'accept-language': 'en' },
    });
    const { sheet } = await sheetOf(response.rawPayload);
    const notes = sheet.getColumn(4).values.slice(2);
    expect(notes).toContain('R series opened (rest of the month)');
    expect(notes.every((note) => !String(note).startsWith('cbs:'))).toBe(true);
  });

  it("offers the company's own devices by serial, with their cloud states, for opening packages", async () => {
    const all = (await call('GET', `${CBS_PATHS.devices}?size=100`)).json<ListPage<CloudDevice>>();
    const own = await t.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.companyId, companyId));
    expect(all.total).toBe(own.length);
    const first = free[0] as { id: number; sn: string };
    const found = await call(
      'GET',
      `${CBS_PATHS.devices}?wheres=${Buffer.from(JSON.stringify([{ k: 'sn', o: 'like', v: first.sn }])).toString('base64')}`,
    );
    expect(found.json<ListPage<CloudDevice>>().items).toEqual([
      expect.objectContaining({ id: first.id, sn: first.sn, cloud_backup: 'active' }),
    ]);
  });

  it('keeps one package of a service per device, and refuses a device that is not the company’s own', async () => {
    const a = free[0] as { id: number };
    expect((await open([a.id], 'cloud_backup', 'c')).json()).toMatchObject({ code: 'package_exists' });
    const [downstream] = await t.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(ne(devices.companyId, companyId))
      .limit(1);
    const refused = await open([downstream?.id ?? 0], 'cloud_video', 'c');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'device_read_only']);
    // Named as every action on a downstream company's device is (issue 29).
    expect(refused.json().message).toMatch(/read-only: cloud storage packages/);
    expect((await open([9_999_999], 'cloud_video', 'c')).statusCode).toBe(404);
  });

  it('opens nothing when the balance does not cover the charges', async () => {
    await setBalance(10);
    const target = free[2] as { id: number };
    const refused = await open([target.id], 'cloud_video', 'r');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'balance_insufficient',
      message: expect.stringMatching(/recharge/),
    });
    expect(
      await t.database.db.select().from(cloudPackages).where(eq(cloudPackages.deviceId, target.id)),
    ).toEqual([]);
    expect((await deviceOf(target.id)).cloud_video).toBe('none');
  });

  it('upgrades at once for the prorated difference; downgrades and closes from next month', async () => {
    await setBalance(100_000);
    const target = free[3] as { id: number };
    const [opened] = (await open([target.id], 'cloud_video', 'c')).json<CloudPackageChange>().packages;
    const id = (opened as CloudPackage).id;
    clock = NOV_16 + 5 * 86_400_000;
    const upgraded = (await call('PUT', CBS_PATHS.package(id), { plan: 'r' })).json<CloudPackageChange>();
    const prices = CLOUD_PLAN_PRICES.cloud_video;
    expect(upgraded.charged).toBe(prorated(prices.r - prices.c, clock));
    expect(upgraded.packages[0]).toMatchObject({ plan: 'r', next_plan: null });

    const downgraded = (
      await call('PUT', CBS_PATHS.package(id), { plan: 'free' })
    ).json<CloudPackageChange>();
    expect(downgraded).toMatchObject({ charged: 0, packages: [{ plan: 'r', next_plan: 'free' }] });
    // Choosing the current plan again cancels the change not yet made.
    expect((await call('PUT', CBS_PATHS.package(id), { plan: 'r' })).json()).toMatchObject({
      charged: 0,
      packages: [{ plan: 'r', next_plan: null }],
    });
    const closing = (await call('POST', CBS_PATHS.close(id))).json<CloudPackageChange>();
    expect(closing.packages[0]).toMatchObject({ state: 'active', next_plan: 'closed' });
    expect((await deviceOf(target.id)).cloud_video).toBe('active');
  });

  it('at the month’s start bills each package its full price once, takes its next plan or closes', async () => {
    await setBalance(1_000_000);
    const [a, b, c] = free.slice(4, 7) as Array<{ id: number }>;
    const opened = (
      await open([a?.id ?? 0, b?.id ?? 0, c?.id ?? 0], 'cloud_backup', 'r')
    ).json<CloudPackageChange>();
    const [keep, down, shut] = opened.packages.map((item) => item.id) as [number, number, number];
    await call('PUT', CBS_PATHS.package(down), { plan: 'c' });
    await call('POST', CBS_PATHS.close(shut));
    await t.database.db.update(cloudPackages).set({ flowUsed: 5_000 }).where(eq(cloudPackages.id, keep));

    clock = DEC_START + 60_000;
    const before = await ledger.balance(companyId);
    await t.services.finance.schedule.tick();
    await t.services.finance.schedule.tick();
    expect(await packageRow(keep)).toMatchObject({ state: 'active', plan: 'r', flowUsed: 0 });
    expect((await packageRow(keep))?.periodEnd.getTime()).toBe(accountingMonthStart(clock, 1).getTime());
    expect(await packageRow(down)).toMatchObject({ state: 'active', plan: 'c', nextPlan: null });
    expect(await packageRow(shut)).toMatchObject({ state: 'closed' });
    expect((await deviceOf(c?.id ?? 0)).cloud_backup).toBe('expired');
    const prices = CLOUD_PLAN_PRICES.cloud_backup;
    // Every running package of the company is billed, the demo's too; these two at their new plans.
    const charges = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.consumption}?size=100&wheres=${Buffer.from(JSON.stringify([{ k: 'reference', o: 'like', v: '/2026-12/month-' }])).toString('base64')}`,
      headers: owner,
    });
    const billed = charges.json<{
      items: Array<{ amount: number; reference: string }>;
      amount_total: number;
    }>();
    expect(
      billed.items.filter((item) => item.reference.includes(`/${keep}/`)).map((item) => item.amount),
    ).toEqual([prices.r]);
    expect(
      billed.items.filter((item) => item.reference.includes(`/${down}/`)).map((item) => item.amount),
    ).toEqual([prices.c]);
    expect(billed.items.some((item) => item.reference.includes(`/${shut}/`))).toBe(false);
    expect(await ledger.balance(companyId)).toBe(before - billed.amount_total);
  });

  it('an unpaid month suspends the package and paid services, with a message; covering it resumes them', async () => {
    clock = DEC_START + 3_600_000;
    const target = free[7] as { id: number };
    await setBalance(1_000_000);
    const [opened] = (await open([target.id], 'cloud_video', 'r')).json<CloudPackageChange>().packages;
    const id = (opened as CloudPackage).id;
    const told = (await ownerMessages()).length;

    clock = accountingMonthStart(DEC_START, 1).getTime() + 60_000;
    await setBalance(1);
    await t.services.finance.schedule.tick();
    expect(await packageRow(id)).toMatchObject({ state: 'suspended' });
    expect((await deviceOf(target.id)).cloud_video).toBe('suspended');
    expect((await money()).suspended).toBe(true);
    expect((await call('PUT', CBS_PATHS.package(id), { plan: 'c' })).json()).toMatchObject({
      code: 'package_suspended',
    });
    const afterSuspension = await ownerMessages();
    expect(afterSuspension.map((message) => message.title)).toContain('付费服务已暂停');

    await setBalance(1_000_000);
    await t.services.finance.schedule.tick();
    expect(await packageRow(id)).toMatchObject({ state: 'active' });
    expect((await deviceOf(target.id)).cloud_video).toBe('active');
    expect((await money()).suspended).toBe(false);
    const titles = (await ownerMessages()).slice(told).map((message) => message.title);
    expect(titles.filter((title) => title === '付费服务已暂停')).toHaveLength(1);
    expect(titles.filter((title) => title === '付费服务已恢复')).toHaveLength(1);
  });

  it('warns once in the last days of a month when the balance will not cover the next', async () => {
    clock = accountingMonthStart(DEC_START, 1).getTime() - 2 * 86_400_000;
    await setBalance(100);
    const count = async () =>
      (await ownerMessages()).filter((message) => message.title === '余额不足以支付下月费用').length;
    const before = await count();
    await t.services.finance.schedule.tick();
    await t.services.finance.schedule.tick();
    expect(await count()).toBe(before + 1);
  });

  it('a balance falling under the threshold warns the owner once, until it rises over it again', async () => {
    const count = async () =>
      (await ownerMessages()).filter((message) => message.title === '余额不足提醒').length;
    await setBalance(50_000);
    const before = await count();
    await setBalance(5_000);
    await setBalance(4_000);
    expect(await count()).toBe(before + 1);
    await setBalance(50_000);
    await setBalance(3_000);
    expect(await count()).toBe(before + 2);
    expect((await money()).low_balance).toBe(true);
  });

  it('fills the dashboard from what the devices report of their use', async () => {
    const target = free[0] as { id: number; sn: string };
    const connection = {
      identity: { kind: 'device', companyId, device: { id: target.id, sn: target.sn } },
    } as unknown as Connection;
    const report = (body: object) =>
      t.services.cbs.usage.published(connection, {
        topic: deviceTopic(target.sn, 'up', DEVICE_TOPICS.cloud),
        payload: Buffer.from(JSON.stringify(body)),
      } as AedesPublishPacket);
    const MB = 1024 * 1024;
    report({ cloud_backup: { space: 450 * MB, flow: 99 * MB } });
    // The latest report stands: a month's flow as the device counts it.
    report({ cloud_backup: { space: 460 * MB, flow: 5 * MB } });
    await t.services.cbs.usage.flush();
    const [row] = await t.database.db
      .select()
      .from(cloudPackages)
      .where(and(eq(cloudPackages.deviceId, target.id), eq(cloudPackages.service, 'cloud_backup')));
    expect(row).toMatchObject({ spaceUsed: 460 * MB, flowUsed: 5 * MB });

    const dashboard = (await call('GET', CBS_PATHS.dashboard)).json<CbsDashboard>();
    const backup = dashboard.totals.find((total) => total.service === 'cloud_backup');
    expect(backup?.space_used).toBeGreaterThanOrEqual(460 * MB);
    expect(backup?.active).toBeGreaterThan(0);
    expect(dashboard.near_quota[0]).toMatchObject({ device_id: target.id, service: 'cloud_backup' });
    expect(dashboard.charges).toHaveLength(6);
    expect(dashboard.charges.some((month) => month.amount > 0)).toBe(true);
    expect(dashboard.next_month).toBeGreaterThan(0);

    const listed = (await call('GET', `${CBS_PATHS.packages}?size=100`)).json<ListPage<CloudPackage>>();
    expect(listed.items.every((item) => item.state !== 'closed')).toBe(true);
  });
});
