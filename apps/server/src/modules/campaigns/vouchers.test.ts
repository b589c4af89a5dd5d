/**
 * Vouchers on the trade-in screen (issue 34; spec §2.4, §3 coupon transfer, §4.3 success / failed,
 * §6 cooperating first-level customers, §9): a transfer with a quantity moves that many usable
 * vouchers from the sender to a company directly downstream of it in one transaction, or fails,
 * nothing moved; concurrent transfers never move more than the sender holds. The balance-exchange
 * campaign debits the balance at its rate and credits the vouchers in one transaction, once.
 */
import {
  type BalanceExchange,
  CAMPAIGN_PATHS,
  type Campaign,
  encodeListParam,
  type ListPage,
  type VoucherTransfer,
  type VoucherWallet,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { addAccount, addDownstream, addMember } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { apiCalls } from '../../testing/test-app.js';
import { Coupons, Ledger } from '../finance/index.js';
import { coupons, ledgerEntries } from '../finance/schema.js';
import { seedDemoExchange } from './demo.js';

const DAY = 86_400_000;
const EXCHANGE_CODE = 'test-balance-exchange';

describe.each(ENGINES)('voucher transfers and the balance exchange on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let child: { companyId: number; headers: Record<string, string> };
  let grandchild: number;
  let stranger: number;
  let ledger: Ledger;
  let issuer: Coupons;
  let exchange: Campaign;
  let ended: Campaign;
  let tradeIn: Campaign;
  const clock = Date.parse('2026-11-20T04:00:00Z');

  suiteApp(
    engine,
    async (suite) => {
      ({ t, owner, companyId } = suite);
      child = await addDownstream(t, companyId);
      grandchild = (await addDownstream(t, child.companyId)).companyId;
      stranger = (await addAccount(t, { company: 'own' })).companyId ?? 0;
      const { db } = t.database;
      ledger = new Ledger(db, () => clock);
      issuer = new Coupons(db, ledger, () => clock);
      await seedDemoExchange(db, clock, EXCHANGE_CODE);
      const listed = (await call('GET', CAMPAIGN_PATHS.campaigns)).json<{ items: Campaign[] }>().items;
      exchange = listed.find((item) => item.code === EXCHANGE_CODE) as Campaign;
      ended = listed.find((item) => item.kind === 'balance_exchange' && item.state === 'ended') as Campaign;
      tradeIn = listed.find((item) => item.kind === 'trade_in' && item.state === 'ended') as Campaign;
    },
    { owner: 'own', app: { taskTickMs: 0, clock: () => clock } },
  );

  const call = apiCalls(
    () => t,
    () => owner,
  );
  const issue = (company: number, count: number, days = 30, value = 1_000) =>
    issuer.issue(
      {
        companyId: company,
        value,
        validFrom: new Date(clock - DAY),
        validUntil: new Date(clock + days * DAY),
        source: 'trade_in',
      },
      count,
    );
  const wallet = async (headers = owner) =>
    (await call('GET', CAMPAIGN_PATHS.voucherWallet, undefined, headers)).json<VoucherWallet>();
  const transfer = (quantity: number, to = child.companyId, headers = owner, language = 'en') =>
    call('POST', CAMPAIGN_PATHS.voucherTransfers, { company_id: to, quantity }, headers, language);
  const transfers = async (wheres?: readonly unknown[]) =>
    (
      await call(
        'GET',
        `${CAMPAIGN_PATHS.voucherTransfers}?size=100${wheres ? `&wheres=${encodeListParam(wheres)}` : ''}`,
      )
    ).json<ListPage<VoucherTransfer>>();
  /** Empties a company's vouchers: each test starts from the vouchers it issues. */
  const clear = async (...ids: number[]) => {
    for (const id of ids) await t.database.db.delete(coupons).where(eq(coupons.companyId, id));
  };
  const exchangeOf = (quantity: number, campaign = exchange, headers = owner, language = 'en') =>
    call('POST', CAMPAIGN_PATHS.balanceExchange(campaign.id), { quantity }, headers, language);
  /** Sets the company's balance through the ledger. */
  const balanceOf = async (fen: number) => {
    const now = await ledger.balance(companyId);
    if (now !== fen) await ledger.post({ companyId, kind: 'adjustment', amount: fen - now });
  };

  it('lists only the companies directly downstream as transfer targets', async () => {
    const response = await call('GET', CAMPAIGN_PATHS.voucherTargets);
    expect(response.json<{ items: Array<{ id: number }> }>().items.map((item) => item.id)).toEqual([
      child.companyId,
    ]);
  });

  it('transfers a quantity in one move: the sender holds that many fewer, the receiver that many more, listed as success', async () => {
    await clear(companyId, child.companyId);
    await issue(companyId, 5);
    const response = await transfer(3);
    expect(response.statusCode).toBe(201);
    expect(response.json<VoucherTransfer>()).toMatchObject({
      to_company_id: child.companyId,
      to_company_name: expect.any(String),
      quantity: 3,
      value_fen: 3_000,
      status: 'success',
      reason: null,
      created_at: new Date(clock).toISOString(),
    });
    expect(await wallet()).toMatchObject({ vouchers: 2, vouchers_fen: 2_000 });
    expect(await wallet(child.headers)).toMatchObject({ vouchers: 3, vouchers_fen: 3_000 });
    const received = await t.database.db.select().from(coupons).where(eq(coupons.companyId, child.companyId));
    expect(received.map((row) => row.source)).toEqual(['transfer', 'transfer', 'transfer']);
    const sent = await t.database.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.companyId, companyId), eq(coupons.state, 'transferred')));
    expect(sent).toHaveLength(3);
    const listed = (await transfers()).items.find((item) => item.id === response.json<VoucherTransfer>().id);
    expect(listed).toMatchObject({ quantity: 3, status: 'success', to_company_id: child.companyId });
  });

  it('moves the vouchers soonest to expire first, keeping their value and validity', async () => {
    await clear(companyId, child.companyId);
    const [late] = await issue(companyId, 1, 300, 500);
    const [soon] = await issue(companyId, 1, 10, 2_000);
    expect((await transfer(1)).json<VoucherTransfer>()).toMatchObject({
      status: 'success',
      value_fen: 2_000,
    });
    const [received] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.companyId, child.companyId));
    expect(received).toMatchObject({ value: 2_000, validUntil: soon?.validUntil, state: 'unused' });
    const [kept] = await t.database.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.companyId, companyId), eq(coupons.state, 'unused')));
    expect(kept?.id).toBe(late?.id);
  });

  it('too few usable vouchers is 409 vouchers_insufficient in the caller’s language, nothing moved, the transfer listed as failed', async () => {
    await clear(companyId, child.companyId);
    await issue(companyId, 2);
    await issue(companyId, 3, -1); // expired: not usable
    const response = await transfer(3);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'vouchers_insufficient',
      message: expect.stringContaining('Not enough usable vouchers'),
    });
    const chinese = await transfer(3, child.companyId, owner, 'zh-CN');
    expect(chinese.json()).toMatchObject({
      code: 'vouchers_insufficient',
      message: expect.stringContaining('不足'),
    });
    expect(await wallet()).toMatchObject({ vouchers: 2 });
    expect(await wallet(child.headers)).toMatchObject({ vouchers: 0 });
    const failed = (await transfers([{ k: 'status', o: '=', v: 'failed' }])).items;
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]).toMatchObject({
      quantity: 3,
      status: 'failed',
      reason: 'vouchers_insufficient',
      value_fen: 0,
    });
    const success = (await transfers([{ k: 'status', o: '=', v: 'success' }])).items;
    expect(success.every((item) => item.status === 'success')).toBe(true);
  });

  it('refuses a company not directly downstream — a grandchild, an unrelated company, itself — with transfer_target_invalid', async () => {
    await clear(companyId);
    await issue(companyId, 3);
    for (const target of [grandchild, stranger, companyId]) {
      const response = await transfer(1, target);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'transfer_target_invalid' });
    }
    expect(await wallet()).toMatchObject({ vouchers: 3 });
  });

  it('refuses a quantity below 1, above the maximum or not whole', async () => {
    for (const quantity of [0, -1, 1.5, 1001]) expect((await transfer(quantity)).statusCode).toBe(400);
  });

  it('concurrent transfers never move more vouchers than the sender holds', async () => {
    await clear(companyId, child.companyId);
    await issue(companyId, 5);
    const answers = await Promise.all(Array.from({ length: 6 }, () => transfer(2)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await wallet()).toMatchObject({ vouchers: 1 });
    expect(await wallet(child.headers)).toMatchObject({ vouchers: 4 });
    const rows = await t.database.db.select().from(coupons).where(eq(coupons.companyId, companyId));
    expect(rows.filter((row) => row.state === 'transferred')).toHaveLength(4);
  });

  it("a role without the trade-in page's transfer button cannot transfer; one with it can", async () => {
    await clear(companyId, child.companyId);
    await issue(companyId, 2);
    const viewer = await addMember(t, companyId, { trade_in: ['apply'] });
    expect((await call('GET', CAMPAIGN_PATHS.voucherTransfers, undefined, viewer.headers)).statusCode).toBe(
      200,
    );
    expect((await transfer(1, child.companyId, viewer.headers)).statusCode).toBe(403);
    const sender = await addMember(t, companyId, { trade_in: ['transfer'] });
    expect((await transfer(1, child.companyId, sender.headers)).statusCode).toBe(201);
    expect(await wallet()).toMatchObject({ vouchers: 1 });
  });

  it('audits each transfer, success and failed', async () => {
    const before = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'campaigns.voucher.transfer'));
    await clear(companyId);
    await issue(companyId, 1);
    await transfer(1);
    await transfer(1);
    const after = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'campaigns.voucher.transfer'));
    expect(after.length - before.length).toBe(2);
  });

  it("exchanges balance for vouchers at the campaign's rate: the balance debited and the vouchers credited once", async () => {
    await clear(companyId);
    await balanceOf(10_000);
    expect(exchange).toMatchObject({
      state: 'open',
      terms: { exchange_fen_per_voucher: 900, voucher_value_fen: 1_000 },
    });
    const response = await exchangeOf(3);
    expect(response.statusCode).toBe(201);
    expect(response.json<BalanceExchange>()).toMatchObject({
      campaign_id: exchange.id,
      quantity: 3,
      spent_fen: 2_700,
      voucher_value_fen: 1_000,
      balance_after_fen: 7_300,
    });
    expect(await wallet()).toEqual({ balance_fen: 7_300, vouchers: 3, vouchers_fen: 3_000 });
    const issued = await t.database.db.select().from(coupons).where(eq(coupons.companyId, companyId));
    expect(issued.map((row) => row.source)).toEqual(['campaign', 'campaign', 'campaign']);
    expect(issued[0]?.validUntil.getTime()).toBe(clock + 365 * DAY);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.kind, 'voucher_exchange')));
    expect(entries.map((entry) => [entry.amount, entry.reference])).toEqual([
      [-2_700, `balance-exchange-${response.json<BalanceExchange>().id}`],
    ]);
  });

  it('a balance short of the exchange is refused with balance_insufficient, nothing debited or credited', async () => {
    await clear(companyId);
    await balanceOf(1_000);
    const response = await exchangeOf(2);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'balance_insufficient' });
    expect(await wallet()).toEqual({ balance_fen: 1_000, vouchers: 0, vouchers_fen: 0 });
  });

  it('a closed balance-exchange campaign refuses with the message the trade-in campaign gives', async () => {
    await balanceOf(10_000);
    expect(ended.code).toBe('balance-exchange-2025');
    for (const language of ['en', 'zh-CN', 'zh-TW']) {
      const response = await exchangeOf(1, ended, owner, language);
      expect(response.statusCode).toBe(409);
      const closed = await call(
        'POST',
        CAMPAIGN_PATHS.tradeInApplications,
        { campaign_id: tradeIn.id, tracking_number: 'SF1', lines: [{ model_id: 1, quantity: 1 }] },
        owner,
        language,
      );
      expect(response.json()).toEqual(closed.json());
      expect(response.json()).toMatchObject({ code: 'campaign_closed' });
    }
    expect(await wallet()).toMatchObject({ balance_fen: 10_000 });
  });

  it('a trade-in campaign or an unknown one takes no exchange: 404 campaign_not_found', async () => {
    expect((await exchangeOf(1, tradeIn)).json()).toMatchObject({ code: 'campaign_not_found' });
    expect((await exchangeOf(1, { ...exchange, id: 999_999 })).statusCode).toBe(404);
  });

  it('concurrent exchanges never take the balance below zero', async () => {
    await clear(companyId);
    await balanceOf(2_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchangeOf(1)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await wallet()).toEqual({ balance_fen: 200, vouchers: 2, vouchers_fen: 2_000 });
  });

  it("an exchange needs the trade-in page's apply button", async () => {
    await balanceOf(10_000);
    const viewer = await addMember(t, companyId, { trade_in: ['transfer'] });
    expect((await exchangeOf(1, exchange, viewer.headers)).statusCode).toBe(403);
    const member = await addMember(t, companyId, { trade_in: ['apply'] });
    expect((await exchangeOf(1, exchange, member.headers)).statusCode).toBe(201);
  });
});
