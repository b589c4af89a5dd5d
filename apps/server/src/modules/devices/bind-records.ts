/**
 * The binding records of the caller's company (page device_bind_record): every bind, unbind, move
 * and rename of its devices. A record is limited by the group permission of its device's current
 * group: a caller with all-group access sees every record of the company; one limited to groups
 * sees the records of the devices bound now in one of their groups — not those of unbound or
 * ungrouped devices, whose group they could not see either. Downstream companies' records are
 * theirs and are not listed.
 */
import {
  BIND_RECORD_FILTERS,
  BIND_RECORD_ORDER_KEYS,
  type BindRecord,
  type ListPage,
  type ListQuery,
} from '@vap/contracts';
import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { orderOf, whereOf } from '../../core/http/list-sql.js';
import { ListTotals, versionOf } from './list-totals.js';
import { bindRecords } from './schema.js';
import { scopeOf } from './scope.js';

const filtersOf = whereOf(BIND_RECORD_FILTERS, {
  sn: bindRecords.sn,
  action: bindRecords.action,
  source: bindRecords.source,
  operator_id: bindRecords.operatorId,
  created_at: bindRecords.createdAt,
});

const sortingOf = orderOf(BIND_RECORD_ORDER_KEYS, {
  created_at: bindRecords.createdAt,
  sn: bindRecords.sn,
  action: bindRecords.action,
});

export class BindRecords {
  private readonly totals = new ListTotals();

  constructor(private readonly db: Db) {}

  async list(caller: Permissions, query: ListQuery): Promise<ListPage<BindRecord>> {
    const scope = await scopeOf(this.db, caller);
    const where = and(
      eq(bindRecords.companyId, scope.companyId),
      scope.groupIds === null
        ? undefined
        : exists(
            this.db
              .select({ id: devices.id })
              .from(devices)
              .where(
                and(
                  eq(devices.id, bindRecords.deviceId),
                  eq(devices.companyId, scope.companyId),
                  inArray(devices.groupId, scope.groupIds),
                ),
              ),
          ),
      filtersOf(query.wheres),
    );
    const orders = query.orders.length > 0 ? query.orders : [{ k: 'created_at', o: 'desc' as const }];
    const last = orders[orders.length - 1]?.o ?? 'desc';
    const rows = await this.db
      .select({ record: bindRecords, version: versionOf([scope.companyId]) })
      .from(bindRecords)
      .where(where)
      .orderBy(...sortingOf(orders), last === 'asc' ? asc(bindRecords.id) : desc(bindRecords.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    // Every record is written with a raised change counter of its company (records.ts): a total
    // remembered at the counter the page read is exact (list-totals.ts).
    const key = JSON.stringify([scope.companyId, scope.groupIds, query.wheres]);
    let total = rows[0] === undefined ? undefined : this.totals.get(key, rows[0].version);
    if (total === undefined) {
      const [counted] = await this.db
        .select({ total: sql<number>`count(*)::int`, version: versionOf([scope.companyId]) })
        .from(bindRecords)
        .where(where);
      total = counted?.total ?? 0;
      if (counted) this.totals.set(key, counted.version, total);
    }
    return {
      items: rows.map(({ record }) => ({
        id: record.id,
        device_id: record.deviceId,
        sn: record.sn,
        action: record.action,
        before: record.before,
        after: record.after,
        operator_id: record.operatorId,
        operator_name: record.operatorName,
        source: record.source,
        created_at: record.createdAt.toISOString(),
      })),
      total,
    };
  }
}
