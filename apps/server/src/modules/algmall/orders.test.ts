/**
 * The algorithm mall's orders (issue 31; spec §3 Order, §2.3 `algmall_order`, §5.7, §8): a purchase
 * charges the balance through the ledger exactly once, never below zero, under concurrent purchases;
 * a company reads only its own orders; the list's filters, orders and pages; the export.
 */
import { randomUUID } from 'node:crypto';
import { ALGMALL_PATHS, type AlgmallOrder, type BuyBody, type ListPage, type Where } from '@vap/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { pluginWords } from '../../core/http/plugin-words.js';
import { DATE_TIME_FORMAT } from '../../core/http/xlsx-download.js';
import { addOwnerWithBalance } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { Ledger } from '../finance/index.js';
import { ledgerEntries } from '../finance/schema.js';
import { ALGMALL_PAGE_MESSAGES } from './order-export.js';
import { orderChargeNote } from './orders.js';
import { algmallOrders } from './schema.js';
import { type ListParams, listQuery, loadProducts, testProduct } from './test-support.js';

describe.each(ENGINES)('orders of the algorithm mall (spec §3 Order) on %s', (engine) => {
  let t: TestApp;
  let ledger: Ledger;
  let clock = Date.parse('2026-11-20T04:00:00Z');
  /** Products of this file: helmets at ¥12.34 and plates at ¥1.00 an authorisation. */
  let helmets: number;
  let plates: number;

  blockApp(engine, { taskTickMs: 0, clock: () => clock }, async (app) => {
    t = app;
    ledger = new Ledger(t.database.db, () => clock);
    const ids = await loadProducts(t.database.db, [
      testProduct('orders-helmets', { en: 'Helmet detection', zh: '安全帽' }, { price_fen: 1_234 }),
      testProduct('orders-plates', { en: 'Plates at the gate', zh: '车牌' }, { price_fen: 100 }),
    ]);
    helmets = ids['orders-helmets'] ?? 0;
    plates = ids['orders-plates'] ?? 0;
  });

  /** The owner of a new company of its own holding `balance` fen: no other test touches its money. */
  async function company(balance: number) {
    return addOwnerWithBalance(t, balance, ledger);
  }

  const buy = (headers: Record<string, string>, body: Partial<BuyBody>) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${ALGMALL_PATHS.orders}`,
      headers,
      payload: { product_id: helmets, quantity: 1, request_id: randomUUID(), ...body },
    });
  const get = (url: string, headers: Record<string, string>, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/webapi${url}`,
      headers: { ...headers, 'accept-language': language },
    });
  const list = async (headers: Record<string, string>, query: ListParams = {}) => {
    const response = await get(`${ALGMALL_PATHS.orders}?${listQuery(query)}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListPage<AlgmallOrder>>();
  };
  const ordersOf = (companyId: number) =>
    t.database.db
      .select()
      .from(algmallOrders)
      .where(eq(algmallOrders.companyId, companyId))
      .orderBy(asc(algmallOrders.id));
  const chargesOf = (companyId: number) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.kind, 'charge')))
      .orderBy(asc(ledgerEntries.id));

  it('buying charges exactly price × quantity through the ledger and writes the order with its audit entry', async () => {
    const { headers, companyId } = await company(100_000);
    const response = await buy(headers, { quantity: 7 });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<AlgmallOrder>();
    expect(order).toMatchObject({
      product_id: helmets,
      product_name: { en: 'Helmet detection', 'zh-CN': '安全帽 简', 'zh-TW': '安全帽 繁' },
      purchased: 7,
      used: 0,
      returned: 0,
      remaining: 7,
      amount: 8_638,
      created_at: new Date(clock).toISOString(),
    });
    expect(order.number).toMatch(/^A20261120\d{6,}$/);
    expect(await ledger.balance(companyId)).toBe(100_000 - 8_638);
    const [charge, ...more] = await chargesOf(companyId);
    expect(more).toEqual([]);
    expect(charge).toMatchObject({
      product: 'algmall',
      amount: -8_638,
      balanceAfter: 100_000 - 8_638,
      reference: order.number,
      note: orderChargeNote('orders-helmets', 7),
    });
    const [stored] = await ordersOf(companyId);
    expect(stored).toMatchObject({ id: order.id, priceFen: 1_234, purchased: 7, amount: 8_638 });
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, 'algmall.order.buy')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.targetId).toBe(String(order.id));
  });

  it('a balance short of the order is 409 balance_insufficient, and nothing is written', async () => {
    const { headers, companyId } = await company(1_233);
    const request_id = randomUUID();
    const response = await buy(headers, { quantity: 1, request_id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'balance_insufficient' });
    expect(await ordersOf(companyId)).toEqual([]);
    expect(await chargesOf(companyId)).toEqual([]);
    expect(await ledger.balance(companyId)).toBe(1_233);
    // The same key once the balance covers it: bought, the refusal having left nothing behind.
    await ledger.post({ companyId, kind: 'bank_transfer', amount: 1, reference: 'BANK-2' });
    expect((await buy(headers, { quantity: 1, request_id })).statusCode).toBe(201);
    expect(await ledger.balance(companyId)).toBe(0);
  });

  it('an unknown product is 404 not_found, nothing charged', async () => {
    const { headers, companyId } = await company(100_000);
    const response = await buy(headers, { product_id: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    expect(await chargesOf(companyId)).toEqual([]);
  });

  it('the same request_id again answers the first order and charges nothing more', async () => {
    const { headers, companyId } = await company(100_000);
    const request_id = randomUUID();
    const first = await buy(headers, { quantity: 2, request_id });
    const again = await buy(headers, { quantity: 2, request_id });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(companyId)).toHaveLength(1);
    expect(await chargesOf(companyId)).toHaveLength(1);
    expect(await ledger.balance(companyId)).toBe(100_000 - 2_468);
  });

  it('the same request_id sent many times at the same moment is one order and one charge', async () => {
    const { headers, companyId } = await company(100_000);
    const request_id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => buy(headers, { quantity: 3, request_id })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.json<AlgmallOrder>().id)).size).toBe(1);
    expect(await ordersOf(companyId)).toHaveLength(1);
    expect(await chargesOf(companyId)).toHaveLength(1);
    expect(await ledger.balance(companyId)).toBe(100_000 - 3_702);
  });

  it('200 purchases at once against a balance covering 73: exactly 73 orders, never a negative balance, the charges equal to the orders', async () => {
    const { headers, companyId } = await company(73 * 100);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => buy(headers, { product_id: plates, quantity: 1 })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(73);
    expect(codes.filter((code) => code === 409)).toHaveLength(127);
    const orders = await ordersOf(companyId);
    const charges = await chargesOf(companyId);
    expect(orders).toHaveLength(73);
    expect(charges).toHaveLength(73);
    expect(charges.every((charge) => charge.balanceAfter >= 0)).toBe(true);
    expect(await ledger.balance(companyId)).toBe(0);
    expect(-charges.reduce((sum, charge) => sum + charge.amount, 0)).toBe(
      orders.reduce((sum, order) => sum + order.amount, 0),
    );
    expect(new Set(charges.map((charge) => charge.reference))).toEqual(
      new Set(orders.map((order) => order.number)),
    );
  });

  it('another company cannot read an order (404 order_not_found) nor see it in its list', async () => {
    const own = await company(100_000);
    const other = await company(100_000);
    const order = (await buy(own.headers, {})).json<AlgmallOrder>();
    const mine = await get(ALGMALL_PATHS.order(order.id), own.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(order);
    const theirs = await get(ALGMALL_PATHS.order(order.id), other.headers);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'order_not_found' });
    expect((await get(ALGMALL_PATHS.order(999_999), own.headers)).json()).toMatchObject({
      code: 'order_not_found',
    });
    expect(await list(other.headers)).toEqual({ items: [], total: 0 });
  });

  describe('the list and the export', () => {
    let headers: Record<string, string>;
    let companyId: number;
    /** Bought a day apart: helmets × 1, plates × 50, helmets × 3, plates × 5. */
    const numbers: string[] = [];

    beforeAll(async () => {
      ({ headers, companyId } = await company(1_000_000));
      const purchases: Array<[number, number]> = [
        [helmets, 1],
        [plates, 50],
        [helmets, 3],
        [plates, 5],
      ];
      for (const [index, [product_id, quantity]] of purchases.entries()) {
        clock = Date.parse('2026-11-01T04:00:00Z') + index * 86_400_000;
        const response = await buy(headers, { product_id, quantity });
        expect(response.statusCode, response.body).toBe(201);
        numbers.push(response.json<AlgmallOrder>().number);
      }
      // A used and returned count, as the authorisations to come will leave them.
      await t.database.db
        .update(algmallOrders)
        .set({ used: 48, returned: 1 })
        .where(eq(algmallOrders.number, numbers[1] ?? ''));
    });

    const numbersOf = (page: ListPage<AlgmallOrder>) => page.items.map((item) => item.number);

    it('lists the newest first, a page at a time, with the total', async () => {
      const all = await list(headers);
      expect(all.total).toBe(4);
      expect(numbersOf(all)).toEqual([...numbers].reverse());
      expect(all.items.find((item) => item.number === numbers[1])).toMatchObject({
        purchased: 50,
        used: 48,
        returned: 1,
        remaining: 3,
      });
      const second = await list(headers, { page: 2, size: 3 });
      expect(second.total).toBe(4);
      expect(numbersOf(second)).toEqual([numbers[0]]);
    });

    it('filters by number, product and time, and orders by amount and remaining', async () => {
      expect(
        numbersOf(await list(headers, { wheres: [{ k: 'number', o: 'like', v: numbers[2] ?? '' }] })),
      ).toEqual([numbers[2]]);
      expect(numbersOf(await list(headers, { wheres: [{ k: 'product_id', o: '=', v: plates }] }))).toEqual([
        numbers[3],
        numbers[1],
      ]);
      const between = [
        { k: 'created_at', o: 'between', v: ['2026-11-02T00:00:00.000Z', '2026-11-03T23:59:59.999Z'] },
      ] as Where[];
      expect(numbersOf(await list(headers, { wheres: between }))).toEqual([numbers[2], numbers[1]]);
      // Amounts: 1234, 5000, 3702, 500 fen.
      expect(numbersOf(await list(headers, { orders: [{ k: 'amount', o: 'desc' }] }))).toEqual([
        numbers[1],
        numbers[2],
        numbers[0],
        numbers[3],
      ]);
      // Remaining: 1, 3, 3, 5 — equal ones newest first.
      expect(numbersOf(await list(headers, { orders: [{ k: 'remaining', o: 'asc' }] }))).toEqual([
        numbers[0],
        numbers[2],
        numbers[1],
        numbers[3],
      ]);
    });

    it("exports the orders that match as .xlsx with the orders list's headers and values", async () => {
      const response = await get(
        `${ALGMALL_PATHS.ordersExport}?${listQuery({ wheres: [{ k: 'product_id', o: '=', v: plates }] })}`,
        headers,
      );
      expect(response.statusCode, response.body).toBe(200);
      const { sheet, rows } = await sheetOf(response.rawPayload);
      // The orders page's own words (plugins/algmall), so that the file says what the page says.
      const word = pluginWords(ALGMALL_PAGE_MESSAGES, 'en');
      expect(rows[0]).toEqual(
        ['number', 'product', 'purchased', 'used', 'returned', 'remaining', 'amount', 'time'].map((key) =>
          word(`orders.${key}`),
        ),
      );
      expect(rows.slice(1).map((row) => row.slice(0, 7))).toEqual([
        [numbers[3], 'Plates at the gate', 5, 0, 0, 5, 5],
        [numbers[1], 'Plates at the gate', 50, 48, 1, 3, 50],
      ]);
      const first = sheet.getRow(2);
      expect(first.getCell(7).numFmt).toBe('"¥"#,##0.00;-"¥"#,##0.00');
      expect(first.getCell(8).value).toBeInstanceOf(Date);
      expect(first.getCell(8).numFmt).toBe(DATE_TIME_FORMAT);
      const chinese = await sheetOf((await get(ALGMALL_PATHS.ordersExport, headers, 'zh-CN')).rawPayload);
      expect(chinese.rows[1]?.[1]).toBe('车牌 简');
    });

    it('exports 5000 orders and refuses one more (spec §5.7, §8), as the money exports do', async () => {
      const bulk = (count: number, from: number) =>
        t.database.db.insert(algmallOrders).values(
          Array.from({ length: count }, (_, index) => ({
            companyId,
            number: `A-bulk-${companyId}-${from + index}`,
            productId: plates,
            purchased: 1,
            amount: 100,
            priceFen: 100,
            requestId: randomUUID(),
          })),
        );
      await bulk(4_996, 0);
      const all = await get(ALGMALL_PATHS.ordersExport, headers);
      expect(all.statusCode, all.body).toBe(200);
      expect((await sheetOf(all.rawPayload)).rows).toHaveLength(5_001);
      await bulk(1, 4_996);
      const refused = await get(ALGMALL_PATHS.ordersExport, headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'log_export_too_many_rows' });
    });
  });
});
