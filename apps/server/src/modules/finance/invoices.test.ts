/**
 * Invoices (issue 17; spec §3 Invoice, §4.3 not invoiced → invoicing → invoiced, §5.7): asked for
 * paid orders not yet invoiced, one invoice for several orders, each order invoiced once, issued by
 * the operator with a message to the owner.
 */
import {
  DEV_PAYMENT_PAGE_QUERY,
  DEV_PAYMENT_PATHS,
  encodeListParam,
  FINANCE_PATHS,
  type Invoice,
  type InvoicePayment,
  type ListPage,
  type RechargeOrder,
} from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_FORMAT } from '../../core/http/xlsx-download.js';
import { addAccount } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { blockApp } from '../../testing/suite-app.js';
import { apiCalls } from '../../testing/test-app.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { messages } from '../notices/schema.js';
import { financeCommands } from './ops.js';
import { invoices } from './schema.js';

/** The text a PDF shows, page by page, as a reader would copy it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await pdf.destroy();
  return pages.join('\n');
}

const DETAILS = {
  tax_id: '91440300MA5F000000',
  bank_name: '招商银行深圳分行',
  bank_number: '7559 1234 5678 9012',
  address: '深圳市南山区',
  email: 'finance@example.com',
};

describe.each(ENGINES)('invoices on %s', (engine) => {
  let t: TestApp;
  let owner: { headers: Record<string, string>; userId: number; companyId: number };

  blockApp(engine, { taskTickMs: 0 }, async (app) => {
    t = app;
    const account = await addAccount(t, { company: 'own' });
    owner = { headers: account.headers, userId: account.userId, companyId: account.companyId ?? 0 };
  });

  const call = apiCalls(
    () => t,
    () => owner.headers,
  );
  /** A recharge order of `amount` fen, paid through the development payment page unless asked not to. */
  const order = async (amount: number, paid = true) => {
    const placed = (await call('POST', FINANCE_PATHS.recharges, { amount })).json<RechargeOrder>();
    if (paid) {
      const token = new URL(placed.pay_url, 'http://console').searchParams.get(DEV_PAYMENT_PAGE_QUERY) ?? '';
      await t.app.inject({
        method: 'POST',
        url: `/webapi${DEV_PAYMENT_PATHS.payment(token)}`,
        payload: { action: 'confirm' },
      });
    }
    return placed.id;
  };

  it('asks for the invoice details first, each required and the email checked', async () => {
    const paid = await order(1_000);
    const early = await call('POST', FINANCE_PATHS.invoices, { order_ids: [paid] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'invoice_details_missing' });
    const bad = await call('PUT', FINANCE_PATHS.invoiceDetails, { invoice: { ...DETAILS, email: 'x@' } });
    expect(bad.json()).toMatchObject({ fields: { 'invoice.email': 'Enter a valid email address' } });
    const saved = await call('PUT', FINANCE_PATHS.invoiceDetails, { invoice: DETAILS });
    expect(saved.json()).toEqual({ invoice: DETAILS });
    expect((await call('GET', FINANCE_PATHS.invoiceDetails)).json()).toEqual({ invoice: DETAILS });
  });

  it('covers several paid orders with one invoice, invoicing until issued; each order once', async () => {
    const first = await order(1_000);
    const second = await order(2_500);
    const asked = await call('POST', FINANCE_PATHS.invoices, { order_ids: [first, second] });
    expect(asked.statusCode, asked.body).toBe(200);
    const invoice = asked.json<Invoice>();
    expect(invoice).toMatchObject({
      amount: 3_500,
      state: 'invoicing',
      details: DETAILS,
      invoice_number: '',
    });
    expect(invoice.number).toMatch(/^I\d{14}$/);
    expect(invoice.orders.map((item) => item.id)).toEqual([first, second]);

    const again = await call('POST', FINANCE_PATHS.invoices, { order_ids: [second] });
    expect(again.json()).toMatchObject({ code: 'order_invoiced' });

    const states = (await call('GET', `${FINANCE_PATHS.invoicePayments}?size=100`)).json<
      ListPage<InvoicePayment>
    >().items;
    expect(states.find((item) => item.id === first)).toMatchObject({
      invoice_state: 'invoicing',
      invoice_id: invoice.id,
    });
    const notYet = await call(
      'GET',
      `${FINANCE_PATHS.invoicePayments}?wheres=${encodeListParam([{ k: 'invoice_state', o: '=', v: 'not_invoiced' }])}`,
    );
    expect(notYet.json<ListPage<InvoicePayment>>().items.map((item) => item.id)).not.toContain(first);
  });

  it('refuses orders not paid or of another company', async () => {
    const pending = await order(700, false);
    expect((await call('POST', FINANCE_PATHS.invoices, { order_ids: [pending] })).json()).toMatchObject({
      code: 'order_not_invoiceable',
    });
    expect((await call('POST', FINANCE_PATHS.invoices, { order_ids: [] })).statusCode).toBe(400);
  });

  it('invoice:issue marks it invoiced with its number and tells the owner, once', async () => {
    const paid = await order(4_000);
    const invoice = (await call('POST', FINANCE_PATHS.invoices, { order_ids: [paid] })).json<Invoice>();
    const run = (args: string[]) => opsRunner(financeCommands, () => t.database)('invoice:issue', args);
    expect(await run([String(invoice.id), 'INV-2026-0001'])).toMatch(/is invoiced as INV-2026-0001/);
    expect((await call('GET', FINANCE_PATHS.invoice(invoice.id))).json()).toMatchObject({
      state: 'invoiced',
      invoice_number: 'INV-2026-0001',
      issued_at: expect.any(String),
    });
    const told = await t.database.db
      .select({ title: messages.title })
      .from(messages)
      .where(and(eq(messages.userId, owner.userId), eq(messages.title, '发票已开具')));
    expect(told).toHaveLength(1);
    await expect(run([String(invoice.id), 'INV-2'])).rejects.toThrow('was issued before');
    await expect(run(['999999', 'INV-3'])).rejects.toThrow('does not exist');
    await expect(run([String(invoice.id)])).rejects.toThrow('Usage: invoice:issue');
    const listed = (
      await call(
        'GET',
        `${FINANCE_PATHS.invoices}?wheres=${encodeListParam([{ k: 'state', o: '=', v: 'invoiced' }])}`,
      )
    ).json<ListPage<Invoice>>();
    expect(listed.items.map((item) => item.id)).toEqual([invoice.id]);
  });

  it("prints a request as a PDF in the caller's language, a character beyond the common set included", async () => {
    // 丂 is outside the font's Chinese subset: it prints from the slice of the font that holds it.
    await call('PUT', FINANCE_PATHS.invoiceDetails, {
      invoice: { ...DETAILS, address: '深圳市南山区丂巷 8 号' },
    });
    const paid = await order(12_345);
    const invoice = (await call('POST', FINANCE_PATHS.invoices, { order_ids: [paid] })).json<Invoice>();
    const download = (language: string) =>
      t.app.inject({
        method: 'GET',
        url: `/webapi${FINANCE_PATHS.invoicePdf(invoice.id)}`,
        headers: { ...owner.headers, 'accept-language': language },
      });
    const english = await download('en');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await pdfText(english.rawPayload);
    for (const shown of [
      'Invoice request',
      invoice.number,
      'Invoicing',
      '测试科技有限公司',
      DETAILS.tax_id,
      DETAILS.bank_name,
      '深圳市南山区丂巷 8 号',
      invoice.orders[0]?.number ?? '?',
      '¥123.45',
    ])
      expect(text).toContain(shown);
    const chinese = await pdfText((await download('zh-TW')).rawPayload);
    expect(chinese).toContain('發票申請');
    expect(chinese).toContain('統一編號');
  });

  it("answers 404 for another company's invoice PDF", async () => {
    const stranger = await addAccount(t, { company: 'own' });
    const paid = await order(500);
    const invoice = (await call('POST', FINANCE_PATHS.invoices, { order_ids: [paid] })).json<Invoice>();
    const response = await t.app.inject({
      method: 'GET',
      url: `/webapi${FINANCE_PATHS.invoicePdf(invoice.id)}`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it("exports the requests that match as .xlsx with the invoice list's headers and values (issue 29)", async () => {
    const response = await call(
      'GET',
      `${FINANCE_PATHS.invoicesExport}?wheres=${encodeListParam([{ k: 'state', o: '=', v: 'invoiced' }])}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { sheet, rows } = await sheetOf(response.rawPayload);
    expect(rows[0]).toEqual([
      'Request number',
      'Amount',
      'State',
      'Orders',
      'Tax invoice number',
      'Requested',
      'Issued',
      'Tax ID',
      'Email for the invoice',
    ]);
    expect(rows.slice(1).map((row) => [row[2], row[1], row[4]])).toEqual([['Invoiced', 40, 'INV-2026-0001']]);
    const row = sheet.getRow(2);
    expect(row.getCell(2).numFmt).toBe('"¥"#,##0.00;-"¥"#,##0.00');
    for (const column of [6, 7]) {
      expect(row.getCell(column).value).toBeInstanceOf(Date);
      expect(row.getCell(column).numFmt).toBe(DATE_TIME_FORMAT);
    }
  });

  it('refuses an export of more than 5000 requests (spec §8)', async () => {
    await t.database.db.insert(invoices).values(
      Array.from({ length: 5_001 }, (_, index) => ({
        companyId: owner.companyId,
        number: `IBULK${index}`,
        amount: 1,
        details: DETAILS,
        requestedBy: owner.userId,
        requestedAt: new Date(),
      })),
    );
    const response = await call('GET', FINANCE_PATHS.invoicesExport);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'log_export_too_many_rows' });
  });
});
