/**
 * A company's money at a glance and its settings (GET/PUT /finance, spec §7.2): the balance, this
 * accounting month's spending, the low-balance threshold and warning, suspension, the invoice
 * details (spec §3 Invoice, §5.7) and where to send a bank transfer.
 */
import {
  accountingMonthStart,
  type BankTransfer,
  DEFAULT_LOW_BALANCE_FEN,
  type Finance,
  type FinanceUpdate,
} from '@vap/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import type { Language } from '../../core/http/i18n.js';
import type { Ledger } from './ledger.js';
import { companyFinance, ledgerEntries } from './schema.js';

/** A name of the bank account: one text, or one per console language (the demo's). */
export type BankText = string | Readonly<Record<Language, string>>;

/** The vendor's account for bank transfers (BANK_* settings, docs/operations.md). */
export interface BankAccount {
  accountName: BankText;
  bankName: BankText;
  accountNumber: string;
}

const inLanguage = (text: BankText, language: Language) => (typeof text === 'string' ? text : text[language]);

type Settings = Pick<
  typeof companyFinance.$inferSelect,
  'lowBalanceThreshold' | 'invoice' | 'suspended' | 'lowBalanceWarned'
>;

const DEFAULT_SETTINGS: Settings = {
  lowBalanceThreshold: DEFAULT_LOW_BALANCE_FEN,
  invoice: null,
  suspended: false,
  lowBalanceWarned: false,
};

/** What the payer writes as a transfer's remark, so that the operator can match it to the company. */
export const transferRemark = (companyId: number) => `VAP-${companyId}`;

export class FinanceAccounts {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly bank: BankAccount | null,
    private readonly now: () => number = Date.now,
  ) {}

  async settings(companyId: number, db: Db = this.db): Promise<Settings> {
    const [row] = await db.select().from(companyFinance).where(eq(companyFinance.companyId, companyId));
    return row ?? DEFAULT_SETTINGS;
  }

  /** Fen spent by the company's charges since the start of this accounting month. */
  async monthSpending(companyId: number, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ spent: sql<string | null>`-sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.companyId, companyId),
          eq(ledgerEntries.kind, 'charge'),
          gte(ledgerEntries.createdAt, accountingMonthStart(this.now())),
        ),
      );
    return Number(row?.spent ?? 0);
  }

  /** The company's money as the recharge page shows it, the bank's names in the caller's language. */
  async overview(companyId: number, language: Language, db: Db = this.db): Promise<Finance> {
    const [balance, spending, settings] = await Promise.all([
      this.ledger.balance(companyId, db),
      this.monthSpending(companyId, db),
      this.settings(companyId, db),
    ]);
    return {
      balance,
      month_spending: spending,
      low_balance_threshold: settings.lowBalanceThreshold,
      low_balance: balance < settings.lowBalanceThreshold,
      suspended: settings.suspended,
      invoice: settings.invoice,
      bank_transfer: this.bankTransfer(companyId, language),
    };
  }

  async update(
    companyId: number,
    body: FinanceUpdate,
    trail: AuditTrail,
    language: Language,
  ): Promise<Finance> {
    return this.db.transaction(async (tx) => {
      const before = await this.settings(companyId, tx);
      const changes = {
        ...(body.invoice ? { invoice: body.invoice } : {}),
        ...(body.low_balance_threshold !== undefined
          ? { lowBalanceThreshold: body.low_balance_threshold }
          : {}),
        updatedAt: new Date(this.now()),
      };
      await tx
        .insert(companyFinance)
        .values({ ...DEFAULT_SETTINGS, ...changes, companyId })
        .onConflictDoUpdate({ target: companyFinance.companyId, set: changes });
      const after = await this.settings(companyId, tx);
      await trail.record(tx, {
        action: 'finance.settings.update',
        target: { type: 'company_finance', id: companyId },
        before: { low_balance_threshold: before.lowBalanceThreshold, invoice: before.invoice },
        after: { low_balance_threshold: after.lowBalanceThreshold, invoice: after.invoice },
      });
      return this.overview(companyId, language, tx);
    });
  }

  private bankTransfer(companyId: number, language: Language): BankTransfer {
    return {
      account_name: this.bank ? inLanguage(this.bank.accountName, language) : '',
      bank_name: this.bank ? inLanguage(this.bank.bankName, language) : '',
      account_number: this.bank?.accountNumber ?? '',
      remark: transferRemark(companyId),
    };
  }
}
