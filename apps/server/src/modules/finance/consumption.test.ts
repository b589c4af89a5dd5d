/**
 * The company's money settings (GET/PUT /finance, spec §7.2, §5.7) and the consumption records
 * (page consume_record): filters, the total for the filter, the export refused beyond 5000 rows.
 */
import {
  accountingMonthStart,
  type ConsumptionPage,
  DEFAULT_LOW_BALANCE_FEN,
  encodeListParam,
  FINANCE_PATHS,
  type Finance,
} from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT } from '../../core/http/xlsx-download.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { suiteApp } from '../../testing/suite-app.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { Ledger } from './ledger.js';
import { ledgerEntries } from './schema.js';

const INVOICE = {
  tax_id: '91440300MA5F000000',
  bank_name: 'China Merchants Bank Shenzhen Branch',
  bank_number: '7559 1234 5678 9012',
  address: 'Nanshan District, Shenzhen',
  email: 'finance@example.com',
};

describe.each(ENGINES)('money settings and consumption records on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let ledger: Ledger;
  const clock = Date.parse('2026-11-20T04:00:00Z');

  // A company of its own: the demo's seeded charges stay out of the figures.
  suiteApp(
    engine,
    async (suite) => {
      ({ t, owner, companyId } = suite);
      ledger = new Ledger(t.database.db, () => clock);
      await ledger.post({ companyId, kind: 'bank_transfer', amount: 100_000, reference: 'BANK-1' });
      for (const [index, product] of (['cloud_backup', 'cloud_video', 'cloud_backup'] as const).entries())
        await ledger.post({
          companyId,
          kind: 'charge',
          product,
          amount: -(1_000 * (index + 1)),
          reference: `100000000113200000${index}-2026-11`,
          note: `${product} package`,
        });
      // A charge of last month: listed, but not in this month's spending.
      await t.database.db.insert(ledgerEntries).values({
        companyId,
        kind: 'charge',
        product: 'cloud_video',
        amount: -50_000,
        balanceAfter: 0,
        reference: 'old-month',
        createdAt: new Date(accountingMonthStart(clock).getTime() - 1),
      });
    },
    { owner: 'own', app: { taskTickMs: 0, clock: () => clock } },
  );

  const get = <T>(url: string) =>
    t.app
      .inject({ method: 'GET', url: `/webapi${url}`, headers: { ...owner, 'accept-language': 'en' } })
      .then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json<T>();
      });
  const put = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/webapi${FINANCE_PATHS.finance}`,
      headers: { ...owner, 'accept-language': 'en' },
      payload,
    });

  it("shows the balance, this accounting month's spending and the default warning threshold", async () => {
    const money = await get<Finance>(FINANCE_PATHS.finance);
    expect(money).toMatchObject({
      balance: 94_000,
      month_spending: 6_000,
      low_balance_threshold: DEFAULT_LOW_BALANCE_FEN,
      low_balance: false,
      suspended: false,
      invoice: null,
    });
  });

  it('keeps the invoice details, each required and the email checked (spec §5.7)', async () => {
    const missing = await put({ invoice: { ...INVOICE, tax_id: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { 'invoice.tax_id': 'This field is required' } });
    const badEmail = await put({ invoice: { ...INVOICE, email: 'finance@' } });
    expect(badEmail.json()).toMatchObject({ fields: { 'invoice.email': 'Enter a valid email address' } });
    for (const field of Object.keys(INVOICE)) {
      const { [field as keyof typeof INVOICE]: _left, ...rest } = INVOICE;
      expect((await put({ invoice: rest })).statusCode).toBe(400);
    }
    const saved = await put({ invoice: INVOICE });
    expect(saved.json<Finance>().invoice).toEqual(INVOICE);
    expect((await get<Finance>(FINANCE_PATHS.finance)).invoice).toEqual(INVOICE);
  });

  it('says the balance is low once it is under the threshold the company chose', async () => {
    const raised = await put({ low_balance_threshold: 100_000 });
    expect(raised.json<Finance>()).toMatchObject({ low_balance_threshold: 100_000, low_balance: true });
    // The invoice details stay as they were.
    expect(raised.json<Finance>().invoice).toEqual(INVOICE);
    expect((await put({ low_balance_threshold: -1 })).statusCode).toBe(400);
    expect((await put({})).statusCode).toBe(400);
    await put({ low_balance_threshold: DEFAULT_LOW_BALANCE_FEN });
  });

  it('lists charges only, newest first, with the total of every charge the filters match', async () => {
    const all = await get<ConsumptionPage>(`${FINANCE_PATHS.consumption}?page=1&size=2`);
    expect(all.total).toBe(4);
    expect(all.amount_total).toBe(56_000);
    expect(all.items.map((item) => item.amount)).toEqual([3_000, 2_000]);
    expect(all.items[0]).toMatchObject({ product: 'cloud_backup', balance_after: 94_000 });

    const backups = await get<ConsumptionPage>(
      `${FINANCE_PATHS.consumption}?wheres=${encodeListParam([{ k: 'product', o: '=', v: 'cloud_backup' }])}`,
    );
    expect(backups).toMatchObject({ total: 2, amount_total: 4_000 });

    const thisMonth = encodeListParam([
      {
        k: 'created_at',
        o: 'between',
        v: [accountingMonthStart(clock).toISOString(), new Date(clock + 86_400_000).toISOString()],
      },
    ]);
    expect(await get<ConsumptionPage>(`${FINANCE_PATHS.consumption}?wheres=${thisMonth}`)).toMatchObject({
      total: 3,
      amount_total: 6_000,
    });

    const largest = await get<ConsumptionPage>(
      `${FINANCE_PATHS.consumption}?orders=${encodeListParam([{ k: 'amount', o: 'desc' }])}`,
    );
    expect(largest.items.map((item) => item.amount)).toEqual([50_000, 3_000, 2_000, 1_000]);

    const unknown = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.consumption}?wheres=${encodeListParam([{ k: 'kind', o: '=', v: 'recharge' }])}`,
      headers: owner,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("exports the charges that match as .xlsx with the consumption list's headers and values (issue 29)", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.consumptionExport}?wheres=${encodeListParam([{ k: 'product', o: '=', v: 'cloud_video' }])}`,
      headers: { ...owner, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const { sheet, rows } = await sheetOf(response.rawPayload);
    expect(rows[0]).toEqual(['Time', 'Product', 'Reference', 'Note', 'Amount spent', 'Balance after']);
    expect(rows.slice(1).map((row) => [row[1], row[4]])).toEqual([
      ['Cloud video', 20],
      ['Cloud video', 500],
    ]);
    // Yuan shown as the list shows money; the time a date cell of UTC+8, as the list shows it.
    const first = sheet.getRow(2);
    expect(first.getCell(5).numFmt).toBe('"¥"#,##0.00;-"¥"#,##0.00');
    const time = first.getCell(1);
    expect(time.value).toBeInstanceOf(Date);
    expect(time.numFmt).toBe(DATE_TIME_FORMAT);
  });

  it('refuses an export of more than 5000 charges (spec §8)', async () => {
    await t.database.db.insert(ledgerEntries).values(
      Array.from({ length: 5_000 }, (_, index) => ({
        companyId,
        kind: 'charge' as const,
        product: 'prs' as const,
        amount: -1,
        balanceAfter: 0,
        reference: `prs-${index}`,
      })),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.consumptionExport}`,
      headers: { ...owner, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'log_export_too_many_rows' });
  });
});
