/**
 * Whether a company is in good standing (spec §4.3 "Account: suspended when balance is insufficient,
 * with warnings before and after"; §8 balance insufficient prompts to recharge). The owner gets a
 * message, in the transaction of its cause:
 * - before: once when the balance falls under the company's threshold (again only after it rose
 *   back over it), and once a month when the balance will not cover next month's packages;
 * - after: when paid services are suspended, and when they resume.
 * Messages are stored in the console's default language (zh-CN), like every server message.
 */
import { DEFAULT_LOW_BALANCE_FEN, formatFen } from '@vap/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { translate } from '../../core/http/i18n.js';
import { messageOwners } from '../notices/index.js';
import { companyBalances, companyFinance } from './schema.js';

/** A money event the owners hear of: its words are `financeMessages.{notice}Title` and `…Content`. */
export type FinanceNotice =
  | 'lowBalance'
  | 'renewal'
  | 'suspended'
  | 'resumed'
  | 'prsSuspended'
  | 'prsResumed'
  | 'invoiceIssued';

/**
 * Tells the company's owners of a money event, in the transaction of its cause: its words in the
 * console's default language (zh-CN), each `{{name}}` filled from `values`.
 */
export async function tellOwners(
  tx: Db,
  companyId: number,
  notice: FinanceNotice,
  values: Record<string, string>,
): Promise<void> {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  await messageOwners(tx, companyId, {
    kind: 'finance',
    title: fill(translate('zh-CN', `financeMessages.${notice}Title`)),
    content: fill(translate('zh-CN', `financeMessages.${notice}Content`)),
  });
}

/** Which service stopped or resumed, for its owner's message: the monthly packages, or plate recognition's calls. */
export type SuspendedService = 'packages' | 'prs';

export class CompanyStanding {
  /** After any change of the balance: warns once under the threshold, re-arms once over it. */
  async balanceChanged(tx: Db, companyId: number): Promise<void> {
    const [row] = await tx
      .select({
        balance: companyBalances.balance,
        threshold: companyFinance.lowBalanceThreshold,
        warned: companyFinance.lowBalanceWarned,
      })
      .from(companyBalances)
      .leftJoin(companyFinance, eq(companyFinance.companyId, companyBalances.companyId))
      .where(eq(companyBalances.companyId, companyId));
    if (!row) return;
    const threshold = row.threshold ?? DEFAULT_LOW_BALANCE_FEN;
    const low = row.balance < threshold;
    if (low === (row.warned ?? false)) return;
    await this.settings(tx, companyId, { lowBalanceWarned: low });
    if (low) await tellOwners(tx, companyId, 'lowBalance', { balance: formatFen(row.balance) });
  }

  /** Paid services stop: said to the owner when they were running, in the words of `service`. */
  async suspend(tx: Db, companyId: number, service: SuspendedService = 'packages'): Promise<void> {
    const changed = await this.settings(tx, companyId, { suspended: true }, false);
    if (changed) await tellOwners(tx, companyId, service === 'prs' ? 'prsSuspended' : 'suspended', {});
  }

  /** Whether the company's paid services are suspended now. */
  async isSuspended(db: Db, companyId: number): Promise<boolean> {
    const [row] = await db
      .select({ suspended: companyFinance.suspended })
      .from(companyFinance)
      .where(eq(companyFinance.companyId, companyId));
    return row?.suspended ?? false;
  }

  /** Paid services run again: said to the owner when they were suspended, in the words of `service`. */
  async resume(tx: Db, companyId: number, service: SuspendedService = 'packages'): Promise<void> {
    const changed = await this.settings(tx, companyId, { suspended: false }, true);
    if (changed) await tellOwners(tx, companyId, service === 'prs' ? 'prsResumed' : 'resumed', {});
  }

  /** Next month's packages cost more than the balance: said once for `month` (`2026-12`). */
  async renewalShort(tx: Db, companyId: number, month: string, due: number, balance: number): Promise<void> {
    await this.settings(tx, companyId, {});
    const written = await tx
      .update(companyFinance)
      .set({ renewalWarnedFor: month })
      .where(
        and(
          eq(companyFinance.companyId, companyId),
          sql`${companyFinance.renewalWarnedFor} is distinct from ${month}`,
        ),
      )
      .returning({ companyId: companyFinance.companyId });
    if (written.length > 0)
      await tellOwners(tx, companyId, 'renewal', { due: formatFen(due), balance: formatFen(balance) });
  }

  /**
   * Writes settings, creating the company's row; with `from`, only when `suspended` is `from` now.
   * Answers whether it wrote.
   */
  private async settings(
    tx: Db,
    companyId: number,
    set: { suspended?: boolean; lowBalanceWarned?: boolean },
    from?: boolean,
  ): Promise<boolean> {
    await tx
      .insert(companyFinance)
      .values({ companyId, lowBalanceThreshold: DEFAULT_LOW_BALANCE_FEN })
      .onConflictDoNothing();
    const written = await tx
      .update(companyFinance)
      .set({ ...set, updatedAt: new Date() })
      .where(
        and(
          eq(companyFinance.companyId, companyId),
          from === undefined ? undefined : eq(companyFinance.suspended, from),
        ),
      )
      .returning({ companyId: companyFinance.companyId });
    return written.length > 0;
  }
}
