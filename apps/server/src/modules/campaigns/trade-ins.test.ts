/**
 * Campaigns and trade-in (issue 34; spec §2.3, §2.4, §4.3 pending/approved/rejected, §5.7, §9):
 * campaigns read with their window's state; an application to an open trade-in campaign with
 * lines of distinct listed models and a tracking number; the vendor's review once; the vouchers of
 * an approved application (two per own-brand device, one per other brand, ¥10 each) credited once
 * by the finance schedule, however the approval and the runs race.
 */
import {
  CAMPAIGN_PATHS,
  type Campaign,
  encodeListParam,
  type ListPage,
  type TradeInApplication,
  type TradeInModel,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addAccount } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { blockApp } from '../../testing/suite-app.js';
import { apiCalls } from '../../testing/test-app.js';
import { Coupons, Ledger } from '../finance/index.js';
import { coupons } from '../finance/schema.js';
import { Campaigns } from './campaigns.js';
import { TradeInCredit } from './credit.js';
import { DEMO_CAMPAIGN_CODE, seedDemoCampaign } from './demo.js';
import { campaignCommands } from './ops.js';
import { campaigns } from './schema.js';
import { TradeIns } from './trade-ins.js';

const OPEN_CODE = 'test-trade-in';

describe.each(ENGINES)('campaigns and trade-in on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let other: Record<string, string>;
  const clock = Date.parse('2026-11-20T04:00:00Z');
  let open: Campaign;
  let ended: Campaign;
  let own: TradeInModel;
  let foreign: TradeInModel;
  const run = opsRunner(campaignCommands, () => t.database);

  blockApp(engine, { taskTickMs: 0, clock: () => clock }, async (app) => {
    t = app;
    const account = await addAccount(t, { company: 'own' });
    owner = account.headers;
    companyId = account.companyId ?? 0;
    other = (await addAccount(t, { company: 'own' })).headers;
    // The demo's window opens around the first start; this one around the tests' clock.
    await seedDemoCampaign(t.database.db, clock, OPEN_CODE);
    const listed = (await call('GET', CAMPAIGN_PATHS.campaigns)).json<{ items: Campaign[] }>().items;
    open = listed.find((item) => item.code === OPEN_CODE) as Campaign;
    ended = listed.find((item) => item.kind === 'trade_in' && item.state === 'ended') as Campaign;
    const models = (await call('GET', CAMPAIGN_PATHS.tradeInModels)).json<{ items: TradeInModel[] }>().items;
    own = models.find((model) => model.own_brand) as TradeInModel;
    foreign = models.find((model) => !model.own_brand) as TradeInModel;
  });

  const call = apiCalls(
    () => t,
    () => owner,
  );
  const apply = (body: object, headers = owner) =>
    call(
      'POST',
      CAMPAIGN_PATHS.tradeInApplications,
      { campaign_id: open.id, tracking_number: 'SF1234567890', ...body },
      headers,
    );
  const applied = async (
    lines = [
      { model_id: own.id, quantity: 3 },
      { model_id: foreign.id, quantity: 2 },
    ],
  ) => {
    const response = await apply({ lines });
    expect(response.statusCode).toBe(201);
    return response.json<TradeInApplication>();
  };
  const tradeInCoupons = () =>
    t.database.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.companyId, companyId), eq(coupons.source, 'trade_in')));

  it("lists the spec's late-2025 campaigns as ended and a current window as open, in three languages", async () => {
    const listed = (await call('GET', CAMPAIGN_PATHS.campaigns)).json<{ items: Campaign[] }>().items;
    expect(listed.map((item) => item.code)).toContain(DEMO_CAMPAIGN_CODE);
    const spec = listed.filter((item) => item.code.endsWith('-2025'));
    expect(spec.map((item) => item.kind).sort()).toEqual(['balance_exchange', 'trade_in']);
    for (const item of spec) {
      expect(item.state).toBe('ended');
      expect(item.starts_at.startsWith('2025-')).toBe(true);
      expect(Object.keys(item.title).sort()).toEqual(['en', 'zh-CN', 'zh-TW']);
    }
    expect(open).toMatchObject({
      state: 'open',
      terms: { voucher_value_fen: 1_000, own_brand_vouchers: 2, other_brand_vouchers: 1 },
    });
    expect(open.terms.return_address).toBeTruthy();
  });

  it('a campaign outside its window refuses applications with campaign_closed', async () => {
    const response = await apply({ campaign_id: ended.id, lines: [{ model_id: own.id, quantity: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'campaign_closed',
      message: expect.stringContaining('not open'),
    });
    const upcoming = await t.database.db
      .insert(campaigns)
      .values({
        ...rowOf(open),
        code: 'later',
        startsAt: new Date(clock + 86_400_000),
        endsAt: new Date(clock + 2 * 86_400_000),
      })
      .returning();
    const later = await apply({ campaign_id: upcoming[0]?.id, lines: [{ model_id: own.id, quantity: 1 }] });
    expect(later.json()).toMatchObject({ code: 'campaign_closed' });
  });

  it('requires a tracking number and at least one line of distinct listed models', async () => {
    const noTracking = await apply({ tracking_number: '  ', lines: [{ model_id: own.id, quantity: 1 }] });
    expect(noTracking.statusCode).toBe(400);
    expect((await apply({ lines: [] })).statusCode).toBe(400);
    const duplicate = await apply({
      lines: [
        { model_id: own.id, quantity: 1 },
        { model_id: own.id, quantity: 2 },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
    const unknown = await apply({ lines: [{ model_id: 999_999, quantity: 1 }] });
    expect(unknown.json()).toMatchObject({ code: 'trade_in_model_unknown' });
    expect((await apply({ lines: [{ model_id: own.id, quantity: 0 }] })).statusCode).toBe(400);
  });

  it('an application is pending with its vouchers counted: two per own-brand device, one per other', async () => {
    const application = await applied();
    expect(application).toMatchObject({
      status: 'pending',
      vouchers: 3 * 2 + 2 * 1,
      voucher_value_fen: 1_000,
      tracking_number: 'SF1234567890',
      credited_at: null,
    });
    expect(application.lines).toEqual([
      { model_id: own.id, brand: own.brand, model: own.model, own_brand: true, quantity: 3 },
      { model_id: foreign.id, brand: foreign.brand, model: foreign.model, own_brand: false, quantity: 2 },
    ]);
    const detail = await call('GET', CAMPAIGN_PATHS.tradeInApplication(application.id));
    expect(detail.json()).toEqual(application);
    const elsewhere = await call('GET', CAMPAIGN_PATHS.tradeInApplication(application.id), undefined, other);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'trade_in_not_found' });
  });

  it('approval credits the vouchers once at the next finance run; rejection credits none', async () => {
    const approved = await applied([
      { model_id: own.id, quantity: 1 },
      { model_id: foreign.id, quantity: 1 },
    ]);
    const rejected = await applied([{ model_id: own.id, quantity: 5 }]);
    const before = (await tradeInCoupons()).length;
    expect(await run('tradein:review', [String(approved.id), 'approve'])).toContain('approved: 3 voucher');
    expect(
      await run('tradein:review', [String(rejected.id), 'reject', '--reason', 'parcel empty']),
    ).toContain('rejected');
    await expect(run('tradein:review', [String(approved.id), 'reject'])).rejects.toThrow('already approved');
    await t.services.finance.schedule.tick();
    await t.services.finance.schedule.tick();
    const credited = (await tradeInCoupons()).slice(before);
    expect(credited).toHaveLength(3);
    expect(credited.every((coupon) => coupon.value === 1_000 && coupon.state === 'unused')).toBe(true);
    const after = (
      await call('GET', CAMPAIGN_PATHS.tradeInApplication(approved.id))
    ).json<TradeInApplication>();
    expect(after).toMatchObject({ status: 'approved', credited_at: new Date(clock).toISOString() });
    const no = (await call('GET', CAMPAIGN_PATHS.tradeInApplication(rejected.id))).json<TradeInApplication>();
    expect(no).toMatchObject({ status: 'rejected', reason: 'parcel empty', credited_at: null });
  });

  it('two approvals and two credit runs at once credit an application once', async () => {
    const application = await applied([{ model_id: own.id, quantity: 2 }]);
    const before = (await tradeInCoupons()).length;
    const tradeIns = new TradeIns(t.database.db, new Campaigns(t.database.db, () => clock), () => clock);
    const results = await Promise.all([
      tradeIns.review(application.id, 'approve', null),
      tradeIns.review(application.id, 'approve', null),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const credit = () =>
      new TradeInCredit(
        t.database.db,
        new Coupons(t.database.db, new Ledger(t.database.db)),
        () => clock,
      ).run();
    await Promise.all([credit(), credit(), t.services.finance.schedule.tick()]);
    expect((await tradeInCoupons()).length - before).toBe(4);
  });

  it('lists the records by status', async () => {
    const pending = await applied([{ model_id: foreign.id, quantity: 1 }]);
    const page = (status: string) =>
      call(
        'GET',
        `${CAMPAIGN_PATHS.tradeInApplications}?size=100&wheres=${encodeListParam([{ k: 'status', o: '=', v: status }])}`,
      ).then((response) => response.json<ListPage<TradeInApplication>>());
    const pendings = await page('pending');
    expect(pendings.items.map((item) => item.id)).toContain(pending.id);
    expect(pendings.items.every((item) => item.status === 'pending')).toBe(true);
    expect((await page('rejected')).items.every((item) => item.status === 'rejected')).toBe(true);
    expect((await page('approved')).items.length).toBeGreaterThan(0);
    const wrong = await call(
      'GET',
      `${CAMPAIGN_PATHS.tradeInApplications}?wheres=${encodeListParam([{ k: 'status', o: '=', v: 'lost' }])}`,
    );
    expect(wrong.statusCode).toBe(400);
    const others = (await call('GET', CAMPAIGN_PATHS.tradeInApplications, undefined, other)).json<
      ListPage<TradeInApplication>
    >();
    expect(others.total).toBe(0);
  });
});

const rowOf = (campaign: Campaign) => ({
  kind: campaign.kind,
  title: campaign.title,
  rules: campaign.rules,
  terms: campaign.terms,
});
