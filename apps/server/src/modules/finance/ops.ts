/**
 * The operator's money commands (issue 17; docs/operations.md): `finance:credit <companyId>
 * <amount> <reference>` credits a bank transfer (spec §9: about 2 working days) once per
 * reference — run twice with the same reference, it credits once and says so; `coupon:issue
 * <companyId> <value> <days> [count]` issues vouchers; `invoice:issue <id> <number>` issues an invoice.
 */
import { fenOfYuan, formatFen } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import type { OpsCommand } from '../../core/ops-command.js';
import { FinanceAccounts } from './accounts.js';
import { Coupons } from './coupons.js';
import { Invoices } from './invoices.js';
import { Ledger } from './ledger.js';
import { invoices } from './schema.js';

/** The company an operator named, or the error they read when there is none. */
async function namedCompany(db: Db, companyId: number): Promise<{ name: string }> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new Error(`Company ${companyId} does not exist.`);
  return company;
}

const USAGE = 'Usage: finance:credit <companyId> <amount in yuan, e.g. 1200.50> <bank reference>';

const credit: OpsCommand = {
  usage: '<companyId> <amount> <reference>',
  summary: "Credits a bank transfer to a company's balance, once per bank reference.",
  async run(args, { database }) {
    const [idText, amountText, reference, ...rest] = args;
    const amount = fenOfYuan(amountText ?? '');
    if (
      !/^[1-9]\d{0,9}$/.test(idText ?? '') ||
      amount === null ||
      amount === 0 ||
      !reference ||
      rest.length > 0
    )
      throw new Error(USAGE);
    const companyId = Number(idText);
    const company = await namedCompany(database.db, companyId);
    const ledger = new Ledger(database.db);
    const before = await ledger.find({ companyId, kind: 'bank_transfer' }, reference);
    if (before)
      throw new Error(
        `Reference ${reference} was credited before, with ${formatFen(before.amount)}: nothing credited.`,
      );
    const entry = await ledger.post({
      companyId,
      kind: 'bank_transfer',
      amount,
      reference,
      note: 'bank transfer',
    });
    if (entry.amount !== amount)
      throw new Error(
        `Reference ${reference} was credited before, with ${formatFen(entry.amount)}: nothing credited.`,
      );
    return `Company ${companyId} (${company.name}): ${formatFen(amount)} credited for ${reference} (entry ${entry.id}); balance ${formatFen(entry.balance_after)}.`;
  },
};

const ISSUE_USAGE =
  'Usage: coupon:issue <companyId> <value in yuan, e.g. 10> <days valid> [count, 1 to 1000]';

const issue: OpsCommand = {
  usage: '<companyId> <value> <days> [count]',
  summary: 'Issues vouchers of a value to a company, valid from now for a number of days.',
  async run(args, { database }) {
    const [idText, valueText, daysText, countText = '1', ...rest] = args;
    const value = fenOfYuan(valueText ?? '');
    if (
      !/^[1-9]\d{0,9}$/.test(idText ?? '') ||
      value === null ||
      value === 0 ||
      !/^[1-9]\d{0,3}$/.test(daysText ?? '') ||
      !/^[1-9]\d{0,3}$/.test(countText) ||
      Number(countText) > 1000 ||
      rest.length > 0
    )
      throw new Error(ISSUE_USAGE);
    const companyId = Number(idText);
    const company = await namedCompany(database.db, companyId);
    const validFrom = new Date();
    const issued = await new Coupons(database.db, new Ledger(database.db)).issue(
      {
        companyId,
        value,
        validFrom,
        validUntil: new Date(validFrom.getTime() + Number(daysText) * 86_400_000),
        source: 'operator',
      },
      Number(countText),
    );
    return `Company ${companyId} (${company.name}): ${issued.length} voucher(s) of ${formatFen(value)} valid ${daysText} days: ${issued.map((coupon) => coupon.code).join(', ')}.`;
  },
};

const INVOICE_USAGE = 'Usage: invoice:issue <invoiceId> <invoice number, 1 to 40 letters, digits or dashes>';

const issueInvoice: OpsCommand = {
  usage: '<invoiceId> <number>',
  summary: "Marks an invoice request invoiced with the tax invoice's number, and tells the company's owner.",
  async run(args, { database }) {
    const [idText, number, ...rest] = args;
    if (!/^[1-9]\d{0,9}$/.test(idText ?? '') || !/^[0-9A-Za-z-]{1,40}$/.test(number ?? '') || rest.length > 0)
      throw new Error(INVOICE_USAGE);
    const id = Number(idText);
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new Error(`Invoice ${id} does not exist.`);
    if (row.state === 'invoiced')
      throw new Error(
        `Invoice ${id} (${row.number}) was issued before, as ${row.invoiceNumber}: nothing changed.`,
      );
    const ledger = new Ledger(database.db);
    const issued = await new Invoices(database.db, new FinanceAccounts(database.db, ledger, null)).issue(
      id,
      number as string,
    );
    return `Invoice ${id} (${issued.number}, ${formatFen(issued.amount)}, ${issued.orders.length} order(s)) is invoiced as ${number}; the owner was told.`;
  },
};

export const financeCommands: Record<string, OpsCommand> = {
  'finance:credit': credit,
  'coupon:issue': issue,
  'invoice:issue': issueInvoice,
};
