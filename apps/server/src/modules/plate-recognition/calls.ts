/**
 * The company's recorded calls (page prs_detail): a page of them with the list's filters and
 * orders, and their .xlsx export (at most 5000 rows, spec §5.7) with the words of locales/server
 * (`prs.export`, `prs.plateTypes`, `prs.colors`, `prs.billings`).
 */
import {
  type ListPage,
  type ListQuery,
  type Order,
  PRS_CALL_FILTERS,
  PRS_CALL_ORDER_KEYS,
  PRS_EXPORT_MAX_ROWS,
  type PrsCall,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { type Language, translate } from '../../core/http/i18n.js';
import { likePattern, orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import type { XlsxCell } from '../../core/http/xlsx-download.js';
import { prsCalls } from './schema.js';

const filters = whereOf(PRS_CALL_FILTERS, {
  at: prsCalls.at,
  billing: prsCalls.billing,
  plate: ({ v }, param) => sql`${prsCalls.plate} ilike ${param(likePattern(v))}`,
});

const sorting = orderOf(PRS_CALL_ORDER_KEYS, { at: prsCalls.at, amount: prsCalls.amount });

const toCall = (row: typeof prsCalls.$inferSelect): PrsCall => ({
  id: row.id,
  at: row.at.toISOString(),
  plate: row.plate,
  type: row.plateType,
  color: row.color,
  billing: row.billing,
  amount: row.amount,
});

/** The export's columns: header key of locales/server `prs.export`, and the cell. */
export const CALL_EXPORT_COLUMNS: ReadonlyArray<
  readonly [string, (call: PrsCall, language: Language) => XlsxCell]
> = [
  ['at', (call) => new Date(call.at)],
  ['plate', (call) => call.plate],
  ['type', (call, language) => translate(language, `prs.plateTypes.${call.type}`)],
  ['color', (call, language) => translate(language, `prs.colors.${call.color}`)],
  ['billing', (call, language) => translate(language, `prs.billings.${call.billing}`)],
  ['amount', (call) => ({ yuan: call.amount / 100 })],
];

export class PlateCalls {
  constructor(private readonly db: Db) {}

  async page(companyId: number, query: ListQuery): Promise<ListPage<PrsCall>> {
    const where = this.where(companyId, query.wheres);
    const { items, total } = await pageOf(
      query,
      this.db
        .select()
        .from(prsCalls)
        .where(where)
        .orderBy(...this.sorting(query.orders)),
      this.db.select({ total: count() }).from(prsCalls).where(where),
    );
    return { items: items.map(toCall), total };
  }

  /** Every call the filters match; 400 `log_export_too_many_rows` beyond 5000 (spec §5.7, §8). */
  async all(companyId: number, query: { wheres: readonly Where[]; orders: readonly Order[] }) {
    const rows = await this.db
      .select()
      .from(prsCalls)
      .where(this.where(companyId, query.wheres))
      .orderBy(...this.sorting(query.orders))
      .limit(PRS_EXPORT_MAX_ROWS + 1);
    if (rows.length > PRS_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(toCall);
  }

  private where(companyId: number, wheres: readonly Where[]) {
    return and(eq(prsCalls.companyId, companyId), filters(wheres));
  }

  private sorting(orders: readonly Order[]): SQL[] {
    return [...sorting(orders), desc(prsCalls.at), desc(prsCalls.id)];
  }
}
