/**
 * Reading the audit log of one company: a page of entries, or the first `AUDIT_EXPORT_MAX_ROWS`
 * for the CSV export. Filters and sort keys arrive checked against `AUDIT_FILTERS` and
 * `AUDIT_ORDER_KEYS` of @vap/contracts; the default order is newest first.
 */
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_FILTERS,
  AUDIT_ORDER_KEYS,
  type AuditEntry,
  type ListPage,
  type ListQuery,
  type Order,
  type Where,
} from '@vap/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../core/audit/schema.js';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';

const filtersOf = whereOf(AUDIT_FILTERS, {
  user_id: auditLogs.userId,
  action: auditLogs.action,
  created_at: auditLogs.createdAt,
});

const sortingOf = orderOf(AUDIT_ORDER_KEYS, {
  created_at: auditLogs.createdAt,
  action: auditLogs.action,
  user_id: auditLogs.userId,
});

type Row = typeof auditLogs.$inferSelect;

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  user_id: row.userId,
  user_phone: row.userPhone,
  user_nickname: row.userNickname,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  ip: row.ip,
  access_key_id: row.accessKeyId,
  created_at: row.createdAt.toISOString(),
});

export class AuditLogService {
  constructor(private readonly db: Db) {}

  #where(companyId: number, wheres: readonly Where[]) {
    return and(eq(auditLogs.companyId, companyId), filtersOf(wheres));
  }

  #sorting(orders: readonly Order[]) {
    const keys = sortingOf(orders);
    const byTime = orders.find((order) => order.k === 'created_at');
    if (!byTime) keys.push(desc(auditLogs.createdAt));
    // Entries of one transaction share a time: the later id is the later entry.
    keys.push(byTime?.o === 'asc' ? asc(auditLogs.id) : desc(auditLogs.id));
    return keys;
  }

  async list(companyId: number, query: ListQuery): Promise<ListPage<AuditEntry>> {
    const where = this.#where(companyId, query.wheres);
    const { items, total } = await pageOf(
      query,
      this.db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(...this.#sorting(query.orders)),
      this.db.select({ total: count() }).from(auditLogs).where(where),
    );
    return { items: items.map(toEntry), total };
  }

  /**
   * Every entry of an export; refused beyond `AUDIT_EXPORT_MAX_ROWS` (spec §8, as every log
   * export): a file holding only the newest of them would read as the whole log.
   */
  async exportRows(
    companyId: number,
    wheres: readonly Where[],
    orders: readonly Order[],
  ): Promise<AuditEntry[]> {
    const rows = await this.db
      .select()
      .from(auditLogs)
      .where(this.#where(companyId, wheres))
      .orderBy(...this.#sorting(orders))
      .limit(AUDIT_EXPORT_MAX_ROWS + 1);
    if (rows.length > AUDIT_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(toEntry);
  }
}
