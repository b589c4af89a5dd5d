/**
 * The dial records (spec §1; issue 33): each call as the SIP server accounted it, listed newest
 * first with the page's filters — a time range, an extension (caller, callee or the agent who
 * answered), a call center, a result — and exported as .xlsx, at most LOG_EXPORT_MAX_ROWS rows
 * (spec §5.7; beyond, 400 log_export_too_many_rows, spec §8).
 */
import {
  type ListPage,
  type ListQuery,
  LOG_EXPORT_MAX_ROWS,
  type Order,
  VOIP_DIAL_RECORD_FILTERS,
  VOIP_DIAL_RECORD_ORDER_KEYS,
  type VoipDialRecord,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { orderOf, whereOf } from '../../core/http/list-sql.js';
import { voipCallCenters as centers, voipDialRecords as records } from './schema.js';

const recordFilters = whereOf(VOIP_DIAL_RECORD_FILTERS, {
  started_at: records.startedAt,
  extension: ({ v }, param) =>
    or(
      sql`${records.caller} = ${param(v)}`,
      sql`${records.callee} = ${param(v)}`,
      sql`${records.agent} = ${param(v)}`,
    ),
  call_center_id: records.callCenterId,
  result: records.result,
});
const recordOrders = orderOf(VOIP_DIAL_RECORD_ORDER_KEYS, {
  started_at: records.startedAt,
  duration: records.duration,
});

const columns = {
  id: records.id,
  caller: records.caller,
  callee: records.callee,
  callCenterId: records.callCenterId,
  callCenterDialId: records.callCenterDialId,
  callCenterName: centers.name,
  agent: records.agent,
  startedAt: records.startedAt,
  answeredAt: records.answeredAt,
  endedAt: records.endedAt,
  duration: records.duration,
  result: records.result,
};
interface RecordRow {
  id: number;
  caller: string;
  callee: string;
  callCenterId: number | null;
  callCenterDialId: string | null;
  callCenterName: string | null;
  agent: string | null;
  startedAt: Date;
  answeredAt: Date | null;
  endedAt: Date;
  duration: number;
  result: string;
}

const toRecord = (row: RecordRow): VoipDialRecord => ({
  id: row.id,
  caller: row.caller,
  callee: row.callee,
  call_center_id: row.callCenterId,
  call_center_dial_id: row.callCenterDialId,
  call_center_name: row.callCenterName,
  agent: row.agent,
  started_at: row.startedAt.toISOString(),
  answered_at: row.answeredAt?.toISOString() ?? null,
  ended_at: row.endedAt.toISOString(),
  duration: row.duration,
  result: row.result as VoipDialRecord['result'],
});

export class VoipDialRecords {
  constructor(private readonly db: Db) {}

  private select(companyId: number, wheres: readonly Where[], orders: readonly Order[]) {
    return this.db
      .select(columns)
      .from(records)
      .leftJoin(centers, and(eq(centers.id, records.callCenterId), eq(centers.companyId, records.companyId)))
      .where(and(eq(records.companyId, companyId), recordFilters(wheres)))
      .orderBy(...recordOrders(orders), desc(records.startedAt), desc(records.id));
  }

  async page(companyId: number, query: ListQuery): Promise<ListPage<VoipDialRecord>> {
    const [rows, [counted]] = await Promise.all([
      this.select(companyId, query.wheres, query.orders)
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db
        .select({ total: count() })
        .from(records)
        .where(and(eq(records.companyId, companyId), recordFilters(query.wheres))),
    ]);
    return { items: rows.map((row) => toRecord(row)), total: counted?.total ?? 0 };
  }

  /** Every record of a filter, in the list's order; refused beyond LOG_EXPORT_MAX_ROWS. */
  async all(companyId: number, query: Pick<ListQuery, 'wheres' | 'orders'>): Promise<VoipDialRecord[]> {
    const rows = await this.select(companyId, query.wheres, query.orders).limit(LOG_EXPORT_MAX_ROWS + 1);
    if (rows.length > LOG_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map((row) => toRecord(row));
  }
}
