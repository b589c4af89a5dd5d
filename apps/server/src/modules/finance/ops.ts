/**
 * The operator's money commands (issue 17; docs/operations.md): `finance:credit <companyId>
 * <amount> <reference>` credits a bank transfer (spec §9: about 2 working days) once per
 * reference — run twice with the same reference, it credits once and says so.
 */
import { fenOfYuan, formatFen } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { companies } from '../../core/db/schema.js';
import type { OpsCommand } from '../../core/ops-command.js';
import { Ledger } from './ledger.js';

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
    const [company] = await database.db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw new Error(`Company ${companyId} does not exist.`);
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

export const financeCommands: Record<string, OpsCommand> = { 'finance:credit': credit };
