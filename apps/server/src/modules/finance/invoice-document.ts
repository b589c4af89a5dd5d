/**
 * An invoice request on paper and in a spreadsheet (page invoice_record): the PDF the company keeps
 * or sends to its accountant, and the export of the requests a filter matches. Both speak the
 * caller's language; times are China Standard Time like the accounting months (UTC+8).
 */
import { ACCOUNTING_UTC_OFFSET_HOURS, FEN_PER_YUAN, formatFen, type Invoice } from '@vap/contracts';
import { type Language, translate } from '../../core/http/i18n.js';
import { openPdf, type PdfWriter } from '../../core/http/pdf-download.js';
import type { PluginWord } from '../../core/http/plugin-words.js';
import { dateCell, type XlsxCell } from '../../core/http/xlsx-download.js';

/** `2026-11-27 08:42` in UTC+8, or '' for no time. */
export function accountingTime(iso: string | null): string {
  if (!iso) return '';
  const shifted = new Date(Date.parse(iso) + ACCOUNTING_UTC_OFFSET_HOURS * 3_600_000);
  return shifted.toISOString().slice(0, 16).replace('T', ' ');
}

const wordsOf = (language: Language) => (key: string) => translate(language, `invoiceDocument.${key}`);

/**
 * The columns of the invoices export: the invoice requests list's (invoice-record.tsx) in its
 * order, with its headers and values, then the details the list shows in a request's dialog.
 */
export const INVOICE_EXPORT_COLUMNS: ReadonlyArray<
  readonly [string, (invoice: Invoice, word: PluginWord) => XlsxCell]
> = [
  ['invoiceRecord.number', (invoice) => invoice.number],
  ['invoiceRecord.amount', (invoice) => ({ yuan: invoice.amount / FEN_PER_YUAN })],
  ['invoiceRecord.state', (invoice, word) => word(`invoiceStates.${invoice.state}`)],
  ['invoiceRecord.orders', (invoice) => invoice.orders.map((order) => order.number).join(', ')],
  ['invoiceRecord.invoiceNumber', (invoice) => invoice.invoice_number],
  ['invoiceRecord.requestedAt', (invoice) => dateCell(invoice.requested_at)],
  ['invoiceRecord.issuedAt', (invoice) => dateCell(invoice.issued_at)],
  ['invoiceDetails.taxId', (invoice) => invoice.details.tax_id],
  ['invoiceDetails.email', (invoice) => invoice.details.email],
];

/**
 * The request as a PDF: who asks (the company and its invoice details as they were when it was
 * asked), its state and the tax invoice's number once issued, and the orders it covers with their
 * total.
 */
export async function invoicePdf(
  invoice: Invoice,
  company: string,
  language: Language,
  at: Date,
): Promise<PdfWriter> {
  const word = wordsOf(language);
  const pdf = await openPdf({ title: `${word('title')} ${invoice.number}` }, [
    company,
    ...Object.values(invoice.details),
  ]);
  const { doc } = pdf;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 130;

  pdf.text(word('title'), { size: 18, weight: 700 });
  pdf.text(invoice.number, { size: 10 });
  pdf.rule();

  const field = (label: string, value: string) => {
    pdf.keepSpace(18);
    const y = doc.y;
    pdf.text(label, { x: left, y, width: labelWidth });
    const below = doc.y;
    pdf.text(value || '—', { x: left + labelWidth, y, width: width - labelWidth });
    doc.y = Math.max(doc.y, below) + 4;
    doc.x = left;
  };
  const section = (title: string) => {
    pdf.keepSpace(40);
    doc.moveDown(0.6);
    pdf.text(title, { x: left, size: 12, weight: 700 });
    doc.moveDown(0.3);
  };

  section(word('request'));
  field(word('state'), word(`state_${invoice.state}`));
  field(word('requested_at'), `${accountingTime(invoice.requested_at)} (UTC+${ACCOUNTING_UTC_OFFSET_HOURS})`);
  field(word('amount'), formatFen(invoice.amount));
  field(word('invoice_number'), invoice.invoice_number);
  field(
    word('issued_at'),
    invoice.issued_at ? `${accountingTime(invoice.issued_at)} (UTC+${ACCOUNTING_UTC_OFFSET_HOURS})` : '',
  );

  section(word('details'));
  field(word('company'), company);
  field(word('tax_id'), invoice.details.tax_id);
  field(word('bank_name'), invoice.details.bank_name);
  field(word('bank_number'), invoice.details.bank_number);
  field(word('address'), invoice.details.address);
  field(word('email'), invoice.details.email);

  section(word('orders'));
  const amountWidth = 140;
  const row = (number: string, amount: string, weight: 400 | 700 = 400) => {
    pdf.keepSpace(18);
    const y = doc.y;
    pdf.text(number, { x: left, y, width: width - amountWidth, weight });
    pdf.text(amount, { x: left + width - amountWidth, y, width: amountWidth, align: 'right', weight });
    doc.y += 4;
    doc.x = left;
  };
  row(word('order_number'), word('order_amount'), 700);
  for (const order of invoice.orders) row(order.number, formatFen(order.amount));
  pdf.rule();
  row(word('total'), formatFen(invoice.amount), 700);

  doc.moveDown(2);
  pdf.text(
    `${word('generated_at')} ${accountingTime(at.toISOString())} (UTC+${ACCOUNTING_UTC_OFFSET_HOURS})`,
    {
      x: left,
      size: 8,
    },
  );
  return pdf;
}
