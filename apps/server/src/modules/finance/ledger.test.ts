/**
 * The ledger (issue 17): every balance change is an immutable entry written with it; 200 debits
 * at once on one company never overdraw it and never lose an entry; a reference is credited once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { Ledger } from './ledger.js';
import { financeCommands } from './ops.js';
import { companyBalances, ledgerEntries } from './schema.js';

describe.each(ENGINES)('the ledger, on %s (issue 17)', (engine) => {
  let test: TestDatabase;
  let ledger: Ledger;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    ledger = new Ledger(test.database.db);
  });
  afterAll(() => test.drop());

  async function company(name = '记账测试有限公司') {
    const [row] = await test.database.db.insert(companies).values({ name }).returning({ id: companies.id });
    if (!row) throw new Error('no company');
    return row.id;
  }
  const entriesOf = (companyId: number) =>
    test.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.companyId, companyId));

  it('never overdraws: of 200 debits of 1 fen at once against 100 fen, 100 pass, each with its entry', async () => {
    const companyId = await company();
    await ledger.post({ companyId, kind: 'recharge', amount: 100, reference: 'order-1' });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, index) =>
        ledger.post({
          companyId,
          kind: 'charge',
          product: 'cloud_backup',
          amount: -1,
          reference: `charge-${index}`,
        }),
      ),
    );
    const passed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(passed).toHaveLength(100);
    expect(
      refused.every((result) => (result.reason as { code?: string }).code === 'balance_insufficient'),
    ).toBe(true);
    expect(await ledger.balance(companyId)).toBe(0);
    const entries = await entriesOf(companyId);
    expect(entries).toHaveLength(101);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    // Each entry's balance after is the one before plus its amount: no two saw the same balance.
    const afters = entries.filter((entry) => entry.kind === 'charge').map((entry) => entry.balanceAfter);
    expect(new Set(afters).size).toBe(100);
    expect(Math.min(...afters)).toBe(0);
  });

  it('writes an entry and its balance in the transaction of their cause: rolled back together', async () => {
    const companyId = await company();
    await expect(
      test.database.db.transaction(async (tx) => {
        await ledger.post({ companyId, kind: 'recharge', amount: 500 }, tx);
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await ledger.balance(companyId)).toBe(0);
    expect(await entriesOf(companyId)).toEqual([]);
  });

  it('credits a reference once: the same bank reference again answers the first entry', async () => {
    const companyId = await company();
    const first = await ledger.post({
      companyId,
      kind: 'bank_transfer',
      amount: 120050,
      reference: 'BANK-1',
    });
    const again = await ledger.post({
      companyId,
      kind: 'bank_transfer',
      amount: 120050,
      reference: 'BANK-1',
    });
    expect(again).toEqual(first);
    expect(await ledger.balance(companyId)).toBe(120050);
    const both = await Promise.all(
      [1, 2].map(() => ledger.post({ companyId, kind: 'bank_transfer', amount: 7, reference: 'BANK-2' })),
    );
    expect(both[0]).toEqual(both[1]);
    expect(await ledger.balance(companyId)).toBe(120057);
  });

  it('finance:credit credits a bank transfer once per reference, amounts read as yuan without rounding', async () => {
    const companyId = await company();
    const run = (args: string[]) => opsRunner(financeCommands, () => test.database)('finance:credit', args);
    expect(await run([String(companyId), '1200.10', 'BANK-77'])).toContain('¥1,200.10 credited for BANK-77');
    await expect(run([String(companyId), '1200.10', 'BANK-77'])).rejects.toThrow('credited before');
    await expect(run([String(companyId), '12.345', 'BANK-78'])).rejects.toThrow('Usage: finance:credit');
    await expect(run(['999999', '1', 'BANK-79'])).rejects.toThrow('does not exist');
    const [row] = await test.database.db
      .select()
      .from(companyBalances)
      .where(eq(companyBalances.companyId, companyId));
    expect(row?.balance).toBe(120010);
  });
});
