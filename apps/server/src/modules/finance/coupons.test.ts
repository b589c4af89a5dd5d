/**
 * Vouchers (issue 17; spec §4.3 coupon transfer success / failed, §6 first-level customers, §9
 * credited within 24 hours): redeemed once into the balance, transferred to a downstream company
 * by the finance schedule, and failed with the reason where the transfer cannot be made.
 */
import { type Coupon, encodeListParam, FINANCE_PATHS, type ListPage } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { addAccount, addDownstream } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { suiteApp } from '../../testing/suite-app.js';
import { apiCalls } from '../../testing/test-app.js';
import { Coupons } from './coupons.js';
import { Ledger } from './ledger.js';
import { financeCommands } from './ops.js';

const DAY = 86_400_000;

describe.each(ENGINES)('vouchers on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let child: { companyId: number; headers: Record<string, string> };
  let coupons: Coupons;
  let ledger: Ledger;
  let clock = Date.parse('2026-11-20T04:00:00Z');

  suiteApp(
    engine,
    async (suite) => {
      ({ t, owner, companyId } = suite);
      child = await addDownstream(t, companyId);
      ledger = new Ledger(t.database.db, () => clock);
      coupons = new Coupons(t.database.db, ledger, () => clock);
    },
    { owner: 'own', app: { taskTickMs: 0, clock: () => clock } },
  );

  const issue = async (value = 1_000, days = 30) =>
    (
      await coupons.issue({
        companyId,
        value,
        validFrom: new Date(clock),
        validUntil: new Date(clock + days * DAY),
        source: 'operator',
      })
    )[0]?.id ?? 0;
  const call = apiCalls(
    () => t,
    () => owner,
  );
  const listed = async (id: number) =>
    (await call('GET', `${FINANCE_PATHS.coupons}?size=100`))
      .json<ListPage<Coupon>>()
      .items.find((item) => item.id === id);

  it('redeems a voucher into the balance once', async () => {
    const id = await issue(1_000);
    const before = await ledger.balance(companyId);
    const redeemed = await call('POST', FINANCE_PATHS.couponRedeem(id));
    expect(redeemed.json()).toMatchObject({ state: 'used', used_at: expect.any(String), value: 1_000 });
    expect(await ledger.balance(companyId)).toBe(before + 1_000);
    const again = await call('POST', FINANCE_PATHS.couponRedeem(id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'coupon_not_usable' });
    expect(await ledger.balance(companyId)).toBe(before + 1_000);
  });

  it('an expired voucher reads as expired and cannot be redeemed or transferred', async () => {
    const id = await issue(500, 1);
    clock += 2 * DAY;
    expect((await listed(id))?.state).toBe('expired');
    const filtered = await call(
      'GET',
      `${FINANCE_PATHS.coupons}?wheres=${encodeListParam([{ k: 'state', o: '=', v: 'expired' }])}`,
    );
    expect(filtered.json<ListPage<Coupon>>().items.map((item) => item.id)).toContain(id);
    expect((await call('POST', FINANCE_PATHS.couponRedeem(id))).statusCode).toBe(409);
    expect(
      (await call('POST', FINANCE_PATHS.couponTransfer(id), { company_id: child.companyId })).statusCode,
    ).toBe(409);
  });

  it('transfers to a first-level customer only, credited to its balance by the schedule', async () => {
    const targets = await call('GET', FINANCE_PATHS.couponTargets);
    expect(targets.json()).toEqual({ items: [{ id: child.companyId, name: expect.any(String) }] });

    const id = await issue(2_000);
    const stranger = await addAccount(t, { company: 'own' });
    const refused = await call('POST', FINANCE_PATHS.couponTransfer(id), { company_id: stranger.companyId });
    expect(refused.json()).toMatchObject({ code: 'transfer_target_invalid' });

    const childBefore = await ledger.balance(child.companyId);
    const sent = (
      await call('POST', FINANCE_PATHS.couponTransfer(id), { company_id: child.companyId })
    ).json<Coupon>();
    expect(sent).toMatchObject({
      state: 'transferring',
      transfer: { state: 'pending', to_company_id: child.companyId },
    });
    // Spent once: neither redeemed nor sent again while on its way.
    expect((await call('POST', FINANCE_PATHS.couponRedeem(id))).statusCode).toBe(409);

    await t.services.finance.schedule.tick();
    expect(await listed(id)).toMatchObject({
      state: 'transferred',
      transfer: { state: 'success', reason: null },
    });
    expect(await ledger.balance(child.companyId)).toBe(childBefore + 2_000);
    await t.services.finance.schedule.tick();
    expect(await ledger.balance(child.companyId)).toBe(childBefore + 2_000);
  });

  it('fails a transfer whose receiver is no longer a first-level customer, and gives the voucher back', async () => {
    const id = await issue(3_000);
    await call('POST', FINANCE_PATHS.couponTransfer(id), { company_id: child.companyId });
    await t.database.db.update(companies).set({ parentId: null }).where(eq(companies.id, child.companyId));
    const childBefore = await ledger.balance(child.companyId);
    await t.services.finance.schedule.tick();
    expect(await listed(id)).toMatchObject({
      state: 'unused',
      transfer: { state: 'failed', reason: 'not_cooperating' },
    });
    expect(await ledger.balance(child.companyId)).toBe(childBefore);
    await t.database.db
      .update(companies)
      .set({ parentId: companyId })
      .where(eq(companies.id, child.companyId));
  });

  it('fails a transfer of a voucher that expired before it was credited', async () => {
    const id = await issue(4_000, 1);
    await call('POST', FINANCE_PATHS.couponTransfer(id), { company_id: child.companyId });
    clock += 2 * DAY;
    await t.services.finance.schedule.tick();
    expect(await listed(id)).toMatchObject({
      state: 'expired',
      transfer: { state: 'failed', reason: 'coupon_expired' },
    });
  });

  it('coupon:issue issues vouchers to a company and prints their codes', async () => {
    const run = (args: string[]) => opsRunner(financeCommands, () => t.database)('coupon:issue', args);
    const said = await run([String(companyId), '10', '30', '2']);
    expect(said).toMatch(/2 voucher\(s\) of ¥10\.00 valid 30 days: V[A-Z2-9]{10}, V[A-Z2-9]{10}/);
    await expect(run([String(companyId), '10.001', '30'])).rejects.toThrow('Usage: coupon:issue');
    await expect(run(['999999', '10', '30'])).rejects.toThrow('does not exist');
  });
});
