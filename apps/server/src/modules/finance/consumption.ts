/**
 * The consumption records (page `consume_record`): the ledger's charges, a page at a time with the
 * total spent by every charge the filters match, or all of them (at most 5000) for the export.
 */
import {
  type ChargeProduct,
  CONSUMPTION_EXPORT_MAX_ROWS,
  type Consumption,
  type ConsumptionPage,
  type Order,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { sqlOrders, whereOnColumn } from '../../core/http/list-query.js';
import { ledgerEntries } from './schema.js';

type Row = typeof ledgerEntries.$inferSelect;

const toConsumption = (row: Row): Consumption => ({
  id: row.id,
  // The ledger writes no charge without its product.
  product: row.product as ChargeProduct,
  amount: -row.amount,
  balance_after: row.balanceAfter,
  reference: row.reference,
  note: row.note,
  created_at: row.createdAt.toISOString(),
});

/** The column of each filter key. */
const FILTER_COLUMNS: Record<string, PgColumn> = {
  product: ledgerEntries.product,
  reference: ledgerEntries.reference,
  created_at: ledgerEntries.createdAt,
};

const condition = (where: Where) => {
  const column = FILTER_COLUMNS[where.k];
  if (!column) throw new Error(`filter ${where.k} is not mapped`);
  return whereOnColumn(column, where);
};

export interface ConsumptionQuery {
  wheres: readonly Where[];
  orders: readonly Order[];
}

export class ConsumptionRecords {
  constructor(private readonly db: Db) {}

  async page(
    companyId: number,
    query: ConsumptionQuery & { page: number; size: number },
  ): Promise<ConsumptionPage> {
    const where = this.where(companyId, query.wheres);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(...this.orderOf(query.orders))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db
        .select({ total: count(), spent: sql<string | null>`-sum(${ledgerEntries.amount})` })
        .from(ledgerEntries)
        .where(where),
    ]);
    return {
      items: rows.map(toConsumption),
      total: totals?.total ?? 0,
      amount_total: Number(totals?.spent ?? 0),
    };
  }

  /** Every charge the filters match; 400 `log_export_too_many_rows` beyond 5000 (spec §8). */
  async all(companyId: number, query: ConsumptionQuery): Promise<Consumption[]> {
    const rows = await this.db
      .select()
      .from(ledgerEntries)
      .where(this.where(companyId, query.wheres))
      .orderBy(...this.orderOf(query.orders))
      .limit(CONSUMPTION_EXPORT_MAX_ROWS + 1);
    if (rows.length > CONSUMPTION_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(toConsumption);
  }

  private where(companyId: number, wheres: readonly Where[]) {
    return and(
      eq(ledgerEntries.companyId, companyId),
      eq(ledgerEntries.kind, 'charge'),
      ...wheres.map(condition),
    );
  }

  private orderOf(orders: readonly Order[]): SQL[] {
    // A charge is a negative amount: the largest spent is the smallest entry.
    const sorted = sqlOrders(
      orders.map((order) =>
        order.k === 'amount' ? ({ k: order.k, o: order.o === 'asc' ? 'desc' : 'asc' } as Order) : order,
      ),
      { created_at: ledgerEntries.createdAt, amount: ledgerEntries.amount },
    );
    return [...sorted, desc(ledgerEntries.createdAt), desc(ledgerEntries.id)];
  }
}
