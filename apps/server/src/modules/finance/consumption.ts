/**
 * The consumption records (page `consume_record`): the ledger's charges, a page at a time with the
 * total spent by every charge the filters match, or all of them (at most 5000) for the export.
 */
import {
  type ChargeProduct,
  CONSUMPTION_EXPORT_MAX_ROWS,
  CONSUMPTION_FILTERS,
  CONSUMPTION_ORDER_KEYS,
  type Consumption,
  type ConsumptionPage,
  type Order,
  type Where,
} from '@vap/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { orderOf, whereOf } from '../../core/http/list-sql.js';
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

const filtersOf = whereOf(CONSUMPTION_FILTERS, {
  product: ledgerEntries.product,
  reference: ledgerEntries.reference,
  created_at: ledgerEntries.createdAt,
});

const sortingOf = orderOf(CONSUMPTION_ORDER_KEYS, {
  created_at: ledgerEntries.createdAt,
  // A charge is a negative amount: the largest spent is the smallest entry.
  amount: (direction) => (direction === 'asc' ? desc : asc)(ledgerEntries.amount),
});

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
        .orderBy(...this.sorting(query.orders))
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
      .orderBy(...this.sorting(query.orders))
      .limit(CONSUMPTION_EXPORT_MAX_ROWS + 1);
    if (rows.length > CONSUMPTION_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(toConsumption);
  }

  private where(companyId: number, wheres: readonly Where[]) {
    return and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.kind, 'charge'), filtersOf(wheres));
  }

  private sorting(orders: readonly Order[]): SQL[] {
    return [...sortingOf(orders), desc(ledgerEntries.createdAt), desc(ledgerEntries.id)];
  }
}
