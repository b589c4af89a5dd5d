/**
 * Plate recognition's billing (issue 31; spec §4.3, §8, §9) on each database engine: a call that
 * reads a plate is billed exactly once, from a resource package first (never an expired one), else
 * per call at the tier of its rank among the month's per-call calls — the tier changing at call
 * 10,001 exactly when calls race across it; a call that finds no plate is not billed; a balance
 * short with no package refuses the call and suspends the service, the owner told.
 */
import { randomUUID } from 'node:crypto';
import {
  type PlateReading,
  PRS_PATHS,
  type PrsPackage,
  type PrsUsage,
  type RecognizeAnswer,
} from '@vap/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { addOwnerWithBalance, pngOf } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { CompanyStanding, Ledger } from '../finance/index.js';
import { companyFinance, ledgerEntries } from '../finance/schema.js';
import { messages } from '../notices/schema.js';
import { accountingDay, PlateBilling } from './billing.js';
import { prsCalls, prsMonthCounters, prsPackages } from './schema.js';

const plate: PlateReading = {
  number: '沪A12345',
  type: 'small_vehicle',
  color: 'blue',
  confidence: 0.95,
  box: [
    [1, 1],
    [9, 1],
    [9, 4],
    [1, 4],
  ],
};

const image = (width = 640, height = 480) => pngOf(width, height).toString('base64');

describe.each(ENGINES)('plate recognition billing (spec §9) on %s', (engine) => {
  let t: TestApp;
  let ledger: Ledger;
  let billing: PlateBilling;
  let clock = Date.parse('2026-11-20T04:00:00Z');

  blockApp(engine, { taskTickMs: 0, clock: () => clock }, (app) => {
    t = app;
    ledger = new Ledger(t.database.db, () => clock);
    billing = new PlateBilling(t.database.db, ledger, new CompanyStanding(), () => clock);
  });

  /** The owner of a new company holding `balance` fen. */
  async function company(balance: number) {
    return addOwnerWithBalance(t, balance, ledger);
  }

  const charges = (companyId: number) =>
    t.database.db
      .select({ amount: ledgerEntries.amount, note: ledgerEntries.note })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.kind, 'charge')));

  const callsOf = (companyId: number) =>
    t.database.db.select().from(prsCalls).where(eq(prsCalls.companyId, companyId));

  const recognize = (headers: Record<string, string>, body: unknown = { image: image() }) =>
    t.app.inject({ method: 'POST', url: `/webapi${PRS_PATHS.recognize}`, headers, payload: body as object });

  const buyPackage = (headers: Record<string, string>, offer = 'calls_10k', requestId = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${PRS_PATHS.packages}`,
      headers,
      payload: { offer, request_id: requestId },
    });

  it('switches from ¥0.10 to ¥0.08 at call 10,001 exactly when the month holds 9,990 and 20 calls race', async () => {
    const { companyId } = await company(10_000);
    await t.database.db
      .insert(prsMonthCounters)
      .values({ companyId, month: accountingDay(new Date(clock)).month, n: 9_990 });
    const billed = await Promise.all(Array.from({ length: 20 }, () => billing.bill(companyId, plate)));
    expect(billed.every((one) => one.billing === 'per_call')).toBe(true);
    const calls = await callsOf(companyId);
    expect(calls.map((call) => call.rank).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 20 }, (_, i) => 9_991 + i),
    );
    for (const call of calls) expect(call.amount).toBe((call.rank ?? 0) <= 10_000 ? 10 : 8);
    const charged = await charges(companyId);
    expect(charged).toHaveLength(20);
    expect(charged.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-(10 * 10 + 10 * 8));
    expect(await ledger.balance(companyId)).toBe(10_000 - 180);
    const usage = await billing.usage(companyId);
    expect(usage.tiers.map((tier) => [tier.calls, tier.amount])).toEqual([
      [10_000, 100_000],
      [10, 80],
      [0, 0],
      [0, 0],
    ]);
  });

  it('bills each of 40 concurrent calls that read a plate exactly once, through the open route', async () => {
    const { headers, companyId } = await company(1_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => recognize(headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    const bodies = answers.map((answer) => answer.json<RecognizeAnswer>());
    expect(bodies.every((body) => body.billing === 'per_call' && body.amount === 10 && body.plate)).toBe(
      true,
    );
    expect(await callsOf(companyId)).toHaveLength(40);
    expect(await charges(companyId)).toHaveLength(40);
    expect(await ledger.balance(companyId)).toBe(1_000 - 400);
  });

  it('bills nothing and records nothing for a call that finds no plate', async () => {
    const { headers, companyId } = await company(1_000);
    const answer = await recognize(headers, { image: image(40, 20) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ plate: null, billing: 'none', amount: 0 });
    expect(await callsOf(companyId)).toHaveLength(0);
    expect(await charges(companyId)).toHaveLength(0);
  });

  it('takes calls from a resource package first, which the month’s tiers do not count', async () => {
    const { headers, companyId } = await company(100_000);
    const bought = await buyPackage(headers);
    expect(bought.statusCode).toBe(201);
    const pack = bought.json<PrsPackage>();
    expect(pack).toMatchObject({ calls: 10_000, used: 0, remaining: 10_000, amount: 80_000 });
    expect(Date.parse(pack.expires_at) - Date.parse(pack.created_at)).toBe(365 * 24 * 3_600_000);
    expect(await ledger.balance(companyId)).toBe(20_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => recognize(headers)));
    expect(answers.map((answer) => answer.json<RecognizeAnswer>().billing)).toEqual(Array(5).fill('package'));
    expect(await ledger.balance(companyId)).toBe(20_000);
    const [row] = await t.database.db.select().from(prsPackages).where(eq(prsPackages.companyId, companyId));
    expect(row?.used).toBe(5);
    const usage = (
      await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.usage}`, headers })
    ).json<PrsUsage>();
    expect(usage.package_calls).toBe(5);
    expect(usage.per_call_calls).toBe(0);
    expect(usage.tiers.every((tier) => tier.calls === 0)).toBe(true);
  });

  it('takes each call of a package once when calls race for its last ones, the rest per call', async () => {
    const { headers, companyId } = await company(100_000);
    expect((await buyPackage(headers)).statusCode).toBe(201);
    await t.database.db.update(prsPackages).set({ used: 9_995 }).where(eq(prsPackages.companyId, companyId));
    const billed = await Promise.all(Array.from({ length: 10 }, () => billing.bill(companyId, plate)));
    expect(billed.filter((one) => one.billing === 'package')).toHaveLength(5);
    expect(billed.filter((one) => one.billing === 'per_call')).toHaveLength(5);
    const [row] = await t.database.db.select().from(prsPackages).where(eq(prsPackages.companyId, companyId));
    expect(row?.used).toBe(10_000);
    expect(await ledger.balance(companyId)).toBe(100_000 - 80_000 - 50);
  });

  it('uses no expired package, and hides it', async () => {
    const { headers, companyId } = await company(100_000);
    expect((await buyPackage(headers)).statusCode).toBe(201);
    const bought = clock;
    clock = bought + 366 * 24 * 3_600_000;
    try {
      const answer = await recognize(headers);
      expect(answer.json<RecognizeAnswer>()).toMatchObject({ billing: 'per_call', amount: 10 });
      const listed = await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.packages}`, headers });
      expect(listed.json()).toEqual({ items: [] });
    } finally {
      clock = bought;
    }
    expect(await ledger.balance(companyId)).toBe(100_000 - 80_000 - 10);
  });

  it('refuses a call no package or balance pays for with balance_insufficient, suspends the service and tells the owner', async () => {
    const { headers, companyId, userId } = await company(0);
    const answer = await recognize(headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('balance_insufficient');
    expect(await callsOf(companyId)).toHaveLength(0);
    const [standing] = await t.database.db
      .select({ suspended: companyFinance.suspended })
      .from(companyFinance)
      .where(eq(companyFinance.companyId, companyId));
    expect(standing?.suspended).toBe(true);
    const told = await t.database.db.select().from(messages).where(eq(messages.userId, userId));
    expect(told.map((message) => message.title)).toContain('车牌识别服务已暂停');
    // Recharged, the next call is paid and the service resumes.
    await ledger.post({ companyId, kind: 'bank_transfer', amount: 100, reference: 'BANK2' });
    expect((await recognize(headers)).statusCode).toBe(200);
    const after = await t.database.db.select().from(messages).where(eq(messages.userId, userId));
    expect(after.map((message) => message.title)).toContain('车牌识别服务已恢复');
  });

  it('refuses the call whose charge the balance no longer covers, giving its rank back', async () => {
    const { companyId } = await company(25);
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => billing.bill(companyId, plate)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(await ledger.balance(companyId)).toBe(5);
    const [counter] = await t.database.db
      .select({ n: prsMonthCounters.n })
      .from(prsMonthCounters)
      .where(eq(prsMonthCounters.companyId, companyId));
    expect(counter?.n).toBe(2);
  });

  it('buys a package once per request id, refusing it when the balance is short', async () => {
    const { headers, companyId } = await company(100_000);
    const requestId = randomUUID();
    const [first, second] = await Promise.all([
      buyPackage(headers, 'calls_10k', requestId),
      buyPackage(headers, 'calls_10k', requestId),
    ]);
    expect(first.json<PrsPackage>().id).toBe(second.json<PrsPackage>().id);
    expect(await ledger.balance(companyId)).toBe(20_000);
    const audited = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, 'prs.package.buy')));
    expect(audited).toHaveLength(1);
    const short = await buyPackage(headers, 'calls_100k');
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('balance_insufficient');
  });

  it('answers file_too_large and file_content_incorrect for images out of bounds', async () => {
    const { headers } = await company(1_000);
    const notImage = await recognize(headers, { image: Buffer.from('hello world!').toString('base64') });
    expect([notImage.statusCode, notImage.json().code]).toEqual([400, 'file_content_incorrect']);
    const big = await recognize(headers, { image: 'A'.repeat(2_796_208) });
    expect([big.statusCode, big.json().code]).toEqual([400, 'file_too_large']);
  });

  it('counts the month in Asia/Shanghai: 16:00 UTC on the last day is the next month', () => {
    expect(accountingDay(new Date('2026-11-30T15:59:59Z'))).toEqual({ month: '2026-11', day: '2026-11-30' });
    expect(accountingDay(new Date('2026-11-30T16:00:00Z'))).toEqual({ month: '2026-12', day: '2026-12-01' });
  });

  it('lists the calls and exports them, at most 5000 rows', async () => {
    const { headers, companyId } = await company(1_000);
    expect((await recognize(headers)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.calls}`, headers });
    expect(page.json()).toMatchObject({
      total: 1,
      items: [{ billing: 'per_call', amount: 10, type: 'small_vehicle' }],
    });
    const file = await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.callsExport}`, headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const at = new Date(clock);
    await t.database.db.execute(
      sql`insert into prs_calls (company_id, at, month, day, plate, plate_type, color, confidence, billing)
          select ${companyId}, ${at.toISOString()}::timestamptz, '2026-11', '2026-11-20', '沪A00000',
                 'small_vehicle', 'blue', 0.9, 'trial' from generate_series(1, 5000)`,
    );
    const tooMany = await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.callsExport}`, headers });
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'log_export_too_many_rows']);
  });
});
