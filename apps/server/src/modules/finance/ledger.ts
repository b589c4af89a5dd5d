/**
 * The ledger (issue 17): a balance changes only with an immutable entry — kind, amount, balance
 * after, reference, operator, time — written in the same transaction as what caused it, by one
 * conditional update that never takes the balance below zero, however many debits run at once.
 * An entry with a reference is written once per company and kind: the same reference again
 * answers the first entry (a bank transfer credited twice by mistake is credited once).
 */
import {
  ACCOUNTING_UTC_OFFSET_HOURS,
  type ChargeProduct,
  type LedgerEntry,
  type LedgerKind,
} from '@vap/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { companyBalances, ledgerEntries } from './schema.js';

export interface Posting {
  companyId: number;
  kind: LedgerKind;
  /** Fen: positive to credit, negative to debit. */
  amount: number;
  reference?: string;
  note?: string;
  /** What a charge pays for (kind `charge` only). */
  product?: ChargeProduct;
  operatorId?: number | null;
}

type Row = typeof ledgerEntries.$inferSelect;

export const toLedgerEntry = (row: Row): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  amount: row.amount,
  balance_after: row.balanceAfter,
  reference: row.reference,
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

export class Ledger {
  constructor(
    private readonly db: Db,
    /** The server's clock: entries are dated by it, so that moving it in tests moves them. */
    private readonly now: () => number = Date.now,
    /** Told of every entry, in its transaction (the balance warnings: standing.ts). */
    private readonly posted?: (tx: Db, companyId: number) => Promise<void>,
  ) {}

  /** The company's balance in fen (0 before its first entry). */
  async balance(companyId: number, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ balance: companyBalances.balance })
      .from(companyBalances)
      .where(eq(companyBalances.companyId, companyId));
    return row?.balance ?? 0;
  }

  /**
   * Posts an entry, in `tx` when the cause is being written there (else in a transaction of its
   * own). A debit the balance does not cover is 409 `balance_insufficient`, nothing written.
   */
  async post(posting: Posting, tx?: Db): Promise<LedgerEntry> {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0)
      throw new Error('a posting is a whole, non-zero fen');
    if ((posting.kind === 'charge') !== (posting.product !== undefined))
      throw new Error('a charge, and only a charge, names its product');
    const reference = posting.reference ?? '';
    try {
      return await (tx
        ? this.write(tx, posting, reference)
        : this.db.transaction((own) => this.write(own, posting, reference)));
    } catch (error) {
      // The same reference posted at the same moment by another request: the first one stands.
      if (reference && isUniqueViolation(error)) {
        const first = await this.find(posting, reference);
        if (first) return first;
      }
      throw error;
    }
  }

  /**
   * Fen spent by the company's charges for `products` in each accounting month (`2026-11`) since
   * `from`, months without charges left out.
   */
  async chargesByMonth(
    companyId: number,
    products: readonly ChargeProduct[],
    from: Date,
  ): Promise<Array<{ month: string; amount: number }>> {
    // Accounting months are UTC+8 (contracts ACCOUNTING_UTC_OFFSET_HOURS).
    const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC' + interval '${sql.raw(
      String(ACCOUNTING_UTC_OFFSET_HOURS),
    )} hours', 'YYYY-MM')`;
    const rows = await this.db
      .select({ month, spent: sql<string>`-sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.companyId, companyId),
          eq(ledgerEntries.kind, 'charge'),
          inArray(ledgerEntries.product, [...products]),
          gte(ledgerEntries.createdAt, from),
        ),
      )
      .groupBy(month);
    return rows.map((row) => ({ month: row.month, amount: Number(row.spent) }));
  }

  /** The entry of a reference, if it was posted. */
  async find(
    posting: Pick<Posting, 'companyId' | 'kind'>,
    reference: string,
    db: Db = this.db,
  ): Promise<LedgerEntry | null> {
    const [row] = await db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.companyId, posting.companyId),
          eq(ledgerEntries.kind, posting.kind),
          eq(ledgerEntries.reference, reference),
        ),
      );
    return row ? toLedgerEntry(row) : null;
  }

  private async write(tx: Db, posting: Posting, reference: string): Promise<LedgerEntry> {
    if (reference) {
      const first = await this.find(posting, reference, tx);
      if (first) return first;
    }
    await tx.insert(companyBalances).values({ companyId: posting.companyId }).onConflictDoNothing();
    // One statement: concurrent debits wait for each other on the row and each sees the balance
    // the one before left, so none takes it below zero.
    const [after] = await tx
      .update(companyBalances)
      .set({
        balance: sql`${companyBalances.balance} + ${posting.amount}`,
        updatedAt: new Date(this.now()),
      })
      .where(
        and(
          eq(companyBalances.companyId, posting.companyId),
          sql`${companyBalances.balance} + ${posting.amount} >= 0`,
        ),
      )
      .returning({ balance: companyBalances.balance });
    if (!after) throw new ApiError(409, 'balance_insufficient');
    const row = await writtenRow(
      tx
        .insert(ledgerEntries)
        .values({
          companyId: posting.companyId,
          kind: posting.kind,
          amount: posting.amount,
          balanceAfter: after.balance,
          reference,
          note: posting.note ?? '',
          product: posting.product ?? null,
          operatorId: posting.operatorId ?? null,
          createdAt: new Date(this.now()),
        })
        .returning(),
      'ledger entry not written',
    );
    await this.posted?.(tx, posting.companyId);
    return toLedgerEntry(row);
  }
}
