/**
 * Online recharge (issue 17; spec §5.7, §9): orders through the development payment provider, their
 * states pending → paid / cancelled / expired, and the balance credited exactly once.
 */
import {
  DEV_PAYMENT_PAGE_PATH,
  DEV_PAYMENT_PAGE_QUERY,
  DEV_PAYMENT_PATHS,
  encodeListParam,
  FINANCE_PATHS,
  type Finance,
  type ListPage,
  RECHARGE_MAX_FEN,
  RECHARGE_PAYMENT_MINUTES,
  type RechargeOrder,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANK_ACCOUNT } from '../../core/config.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { createProductionTestApp } from '../../testing/production-app.js';
import { blockApp } from '../../testing/suite-app.js';
import { demoOwner } from '../../testing/test-app.js';
import { ledgerEntries, rechargeOrders } from './schema.js';

describe.each(ENGINES)('online recharge on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let clock = Date.now();

  blockApp(engine, { taskTickMs: 0, clock: () => clock }, async (app) => {
    t = app;
    ({ headers: owner, companyId } = await demoOwner(t));
  });

  const order = async (amount: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/webapi${FINANCE_PATHS.recharges}`,
      headers: owner,
      payload: { amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RechargeOrder>();
  };
  const tokenOf = (placed: RechargeOrder) =>
    new URL(placed.pay_url, 'http://console').searchParams.get(DEV_PAYMENT_PAGE_QUERY) ?? '';
  const pay = (placed: RechargeOrder, action: 'confirm' | 'cancel' = 'confirm') =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${DEV_PAYMENT_PATHS.payment(tokenOf(placed))}`,
      payload: { action },
    });
  const finance = async () =>
    (
      await t.app.inject({ method: 'GET', url: `/webapi${FINANCE_PATHS.finance}`, headers: owner })
    ).json<Finance>();
  const entriesOf = (number: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.reference, number)));

  it('takes more than 0 and at most 999,999.99 yuan in whole fen (spec §5.7)', async () => {
    for (const amount of [0, -100, RECHARGE_MAX_FEN + 1, 12.5]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/webapi${FINANCE_PATHS.recharges}`,
        headers: { ...owner, 'accept-language': 'en' },
        payload: { amount },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields.amount).toMatch(/999,999\.99/);
    }
    const largest = await order(RECHARGE_MAX_FEN);
    expect(largest).toMatchObject({ amount: RECHARGE_MAX_FEN, state: 'pending', provider: 'development' });
    expect(largest.number).toMatch(/^R\d{14}$/);
    expect(largest.pay_url.startsWith(`${DEV_PAYMENT_PAGE_PATH}?${DEV_PAYMENT_PAGE_QUERY}=`)).toBe(true);
  });

  it('credits the balance once when the payer confirms, with the order number as the reference', async () => {
    const before = (await finance()).balance;
    const placed = await order(12_345);
    const page = await t.app.inject({
      method: 'GET',
      url: `/webapi${DEV_PAYMENT_PATHS.payment(tokenOf(placed))}`,
    });
    expect(page.json()).toMatchObject({ number: placed.number, amount: 12_345, state: 'pending' });
    expect(page.json<{ company: string }>().company.length).toBeGreaterThan(0);

    const paid = await pay(placed);
    expect(paid.json()).toMatchObject({ state: 'paid' });
    // A gateway's notification repeated: the same answer, no second credit.
    expect((await pay(placed)).json()).toMatchObject({ state: 'paid' });
    expect((await finance()).balance).toBe(before + 12_345);
    const entries = await entriesOf(placed.number);
    expect(entries).toMatchObject([{ kind: 'recharge', amount: 12_345, balanceAfter: before + 12_345 }]);

    const seen = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.recharge(placed.id)}`,
      headers: owner,
    });
    expect(seen.json()).toMatchObject({ state: 'paid', pay_url: '', closed_at: expect.any(String) });
  });

  it('a cancelled order cannot be paid, and a paid one cannot be cancelled', async () => {
    const placed = await order(500);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/webapi${FINANCE_PATHS.rechargeCancel(placed.id)}`,
      headers: owner,
    });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    const refused = await pay(placed);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'order_closed' });
    expect(await entriesOf(placed.number)).toEqual([]);

    const other = await order(600);
    expect((await pay(other)).statusCode).toBe(200);
    const late = await t.app.inject({
      method: 'POST',
      url: `/webapi${FINANCE_PATHS.rechargeCancel(other.id)}`,
      headers: owner,
    });
    expect(late.statusCode).toBe(409);
  });

  it('the payer may cancel at the payment page, and nothing is credited', async () => {
    const placed = await order(700);
    expect((await pay(placed, 'cancel')).json()).toMatchObject({ state: 'cancelled' });
    expect((await pay(placed)).statusCode).toBe(409);
    expect(await entriesOf(placed.number)).toEqual([]);
  });

  it(`an order unpaid for ${RECHARGE_PAYMENT_MINUTES} minutes expires, and paying it then is refused`, async () => {
    const placed = await order(800);
    clock += RECHARGE_PAYMENT_MINUTES * 60_000;
    // Read as expired at once, written so by the next run of the schedule.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.recharge(placed.id)}`,
      headers: owner,
    });
    expect(seen.json()).toMatchObject({ state: 'expired', pay_url: '' });
    await t.services.finance.schedule.tick();
    const [row] = await t.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, placed.id));
    expect(row?.state).toBe('expired');
    expect((await pay(placed)).json()).toMatchObject({ code: 'order_closed' });
    expect(await entriesOf(placed.number)).toEqual([]);
  });

  it('a payment racing a cancel ends in exactly one of them, credited only if paid', async () => {
    for (let round = 0; round < 10; round += 1) {
      const placed = await order(100 + round);
      const [paid, cancelled] = await Promise.all([
        pay(placed),
        t.app.inject({
          method: 'POST',
          url: `/webapi${FINANCE_PATHS.rechargeCancel(placed.id)}`,
          headers: owner,
        }),
      ]);
      expect([paid.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const entries = await entriesOf(placed.number);
      expect(entries.length).toBe(paid.statusCode === 200 ? 1 : 0);
    }
  });

  it('lists the orders newest first, filtered by state', async () => {
    const wheres = encodeListParam([{ k: 'state', o: '=', v: 'paid' }]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.recharges}?page=1&size=100&wheres=${wheres}`,
      headers: owner,
    });
    const page = response.json<ListPage<RechargeOrder>>();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items.every((item) => item.state === 'paid')).toBe(true);
    const times = page.items.map((item) => item.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers 404 for an unknown payment token or another company’s order', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: `/webapi${DEV_PAYMENT_PATHS.payment('nope')}` });
    expect(unknown.json()).toMatchObject({ code: 'order_not_found' });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.recharge(999_999)}`,
      headers: owner,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a production server without a real payment provider', () => {
  it('offers no online recharge and no development payment page; bank transfers remain', async () => {
    const t = await createProductionTestApp();
    try {
      const owner = bearer(await t.signIn());
      const response = await t.app.inject({
        method: 'POST',
        url: `/webapi${FINANCE_PATHS.recharges}`,
        headers: owner,
        payload: { amount: 100 },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'payment_unavailable' });
      const page = await t.app.inject({ method: 'GET', url: `/webapi${DEV_PAYMENT_PATHS.payment('x')}` });
      expect(page.statusCode).toBe(404);
      const money = await t.app.inject({
        method: 'GET',
        url: `/webapi${FINANCE_PATHS.finance}`,
        headers: owner,
      });
      expect(money.json<Finance>().bank_transfer.remark).toMatch(/^VAP-\d+$/);
    } finally {
      await t.close();
    }
  });
});

describe('the bank transfer details', () => {
  // The two apps are made before the test, which then times only what it checks.
  let demo: TestApp;
  let real: TestApp;
  beforeAll(async () => {
    demo = await createTestApp('pglite', { bankAccount: DEMO_BANK_ACCOUNT });
    real = await createTestApp('pglite', {
      bankAccount: {
        accountName: '深圳市威视科技有限公司',
        bankName: '招商银行深圳分行',
        accountNumber: '7559 0000 1234',
      },
    });
  });
  afterAll(async () => {
    await demo?.close();
    await real?.close();
  });

  it("name the demo's account in the caller's language, and a real account as its settings give it", async () => {
    const transferOf = async (t: TestApp, language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/webapi${FINANCE_PATHS.finance}`,
          headers: { ...bearer(await t.signIn()), 'accept-language': language },
        })
      ).json<Finance>().bank_transfer;
    expect(await transferOf(demo, 'zh-CN')).toMatchObject({
      account_name: 'VAP 演示有限公司（演示账户）',
      bank_name: '演示银行深圳分行',
    });
    expect(await transferOf(demo, 'zh-TW')).toMatchObject({
      account_name: 'VAP 示範有限公司（示範帳戶）',
      bank_name: '示範銀行深圳分行',
    });
    expect(await transferOf(demo, 'en')).toMatchObject({ bank_name: 'Demo Bank, Shenzhen Branch' });
    expect(await transferOf(real, 'en')).toMatchObject({
      account_name: '深圳市威视科技有限公司',
      bank_name: '招商银行深圳分行',
      account_number: '7559 0000 1234',
    });
  });
});
