/**
 * The money summary of the dashboard's card (issue 29): the balance, this accounting month's
 * spending, its warnings, and the next bill — what the company's monthly services are billed at the
 * start of next accounting month. Those services belong to other modules (cloud packages), which
 * add their part here when the app is composed, as they add their steps to the finance schedule.
 */
import { accountingMonthStart, type FinanceSummary } from '@vap/contracts';
import type { Db } from '../../core/db/client.js';
import type { FinanceAccounts } from './accounts.js';
import type { Ledger } from './ledger.js';

/** Fen a monthly service will bill the company at the start of next accounting month. */
export type NextBillPart = (companyId: number) => Promise<number>;

export class NextBill {
  private readonly parts: NextBillPart[] = [];

  add(part: NextBillPart): void {
    this.parts.push(part);
  }

  async due(companyId: number): Promise<number> {
    const parts = await Promise.all(this.parts.map((part) => part(companyId)));
    return parts.reduce((sum, fen) => sum + fen, 0);
  }
}

export class FinanceSummaries {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly accounts: FinanceAccounts,
    private readonly nextBill: NextBill,
    private readonly now: () => number = Date.now,
  ) {}

  async of(companyId: number): Promise<FinanceSummary> {
    const [balance, spending, settings, due] = await Promise.all([
      this.ledger.balance(companyId, this.db),
      this.accounts.monthSpending(companyId, this.db),
      this.accounts.settings(companyId, this.db),
      this.nextBill.due(companyId),
    ]);
    return {
      balance,
      month_spending: spending,
      next_bill: due,
      next_bill_at: accountingMonthStart(this.now(), 1).toISOString(),
      low_balance: balance < settings.lowBalanceThreshold,
      suspended: settings.suspended,
    };
  }
}
