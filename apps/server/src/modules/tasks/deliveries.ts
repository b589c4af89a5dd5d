/**
 * Something of a company published to chosen devices as jobs of the engine, one delivery a device
 * (hologram parking's schemes, ad packages; issue 32): the deliveries' table — its id, company, the
 * published thing, device, serial and job — is the owner's; here is what every such table shares:
 * publishing (enqueue the jobs and record each delivery, publishing again to a device giving its
 * delivery a new job), retrying failed ones, how a thing's deliveries stand, a page of them with
 * their states, and the devices a caller may publish to.
 */
import type { JobType, ListPage, ListQuery } from '@vap/contracts';
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { taskJobs } from '../../core/db/jobs.js';
import { ApiError } from '../../core/http/errors.js';
import { pageOf } from '../../core/http/list-sql.js';
import { ownDevicesWhere, targetDevices } from '../devices/index.js';
import type { JobEngine } from './engine.js';

export type DeliveryState = 'in_progress' | 'success' | 'failed';
export interface DeliveryCounts {
  total: number;
  in_progress: number;
  success: number;
  failed: number;
}
export interface Delivery {
  id: number;
  device_id: number | null;
  sn: string;
  device_name: string;
  state: DeliveryState;
  reason: string | null;
  attempts: number;
  updated_at: string;
}
export interface PublishableDevice {
  id: number;
  sn: string;
  name: string;
  model: string;
  online: boolean;
}

/** A delivery's state from its job's. */
export const deliveryStateOf = sql<DeliveryState>`case
  when ${taskJobs.state} in ('pending', 'processing') then 'in_progress'
  when ${taskJobs.state} = 'completed' then 'success'
  else 'failed' end`;

/** The columns of a deliveries table: `parentId` names the published thing (a scheme, a package). */
export interface DeliveryTable {
  table: PgTable;
  id: PgColumn;
  companyId: PgColumn;
  parentId: PgColumn;
  deviceId: PgColumn;
  sn: PgColumn;
  jobId: PgColumn;
  createdAt: PgColumn;
}

export interface PublishJob {
  type: JobType;
  subject: string;
  payload: Record<string, unknown>;
  deadlineHours: number;
  timeoutMinutes: number;
}

/** The table's own names of its columns (insert values are keyed by them). */
function keysOf(t: DeliveryTable) {
  const byColumn = new Map(Object.entries(getTableColumns(t.table)).map(([name, column]) => [column, name]));
  return (column: PgColumn) => {
    const name = byColumn.get(column);
    if (!name) throw new Error(`column ${column.name} is not of the deliveries table`);
    return name;
  };
}

export class Deliveries {
  constructor(
    private readonly db: Db,
    private readonly engine: JobEngine,
    private readonly t: DeliveryTable,
  ) {}

  /** The jobs of a thing's deliveries (to cancel them when it goes). */
  async jobsOf(parentId: number): Promise<number[]> {
    const rows = await this.db
      .select({ jobId: this.t.jobId })
      .from(this.t.table)
      .where(eq(this.t.parentId, parentId));
    return rows.map((row) => Number(row.jobId));
  }

  /**
   * Publishes to devices of the caller's groups (edit rights on them) as one job each, and records
   * each delivery; `audit` writes the trail in the same transaction. Answers how many.
   */
  async publish(
    caller: Permissions,
    parentId: number,
    deviceIds: readonly number[],
    job: PublishJob,
    audit: (tx: Db, sns: string[]) => Promise<void>,
  ) {
    const companyId = companyOf(caller);
    const chosen = await targetDevices(
      this.db,
      caller,
      { device_ids: [...deviceIds] },
      deviceIds.length,
      'edit',
    );
    if (chosen.length === 0) throw new ApiError(400, 'task_no_devices');
    await this.db.transaction(async (tx) => {
      const { jobs } = await this.engine.enqueue(tx, { companyId, createdBy: caller.userId, ...job }, chosen);
      const t = this.t;
      const key = keysOf(t);
      await tx
        .insert(t.table)
        .values(
          chosen.map((device) => ({
            [key(t.companyId)]: companyId,
            [key(t.parentId)]: parentId,
            [key(t.deviceId)]: device.id,
            [key(t.sn)]: device.sn,
            [key(t.jobId)]: jobs.get(device.id) ?? 0,
          })) as never,
        )
        .onConflictDoUpdate({
          target: [t.parentId, t.sn],
          set: {
            [key(t.jobId)]: sql.raw(`excluded.${t.jobId.name}`),
            [key(t.deviceId)]: sql.raw(`excluded.${t.deviceId.name}`),
          } as never,
        });
      await audit(
        tx,
        chosen.map((device) => device.sn),
      );
    });
    void this.engine.tick();
    return { changed: chosen.length };
  }

  /** Publishes again to those of these deliveries of the thing that failed; answers how many. */
  async retry(
    companyId: number,
    parentId: number,
    ids: readonly number[],
    audit: (tx: Db, retried: number) => Promise<void>,
  ) {
    const rows = await this.db
      .select({ jobId: this.t.jobId })
      .from(this.t.table)
      .where(
        and(eq(this.t.companyId, companyId), eq(this.t.parentId, parentId), inArray(this.t.id, [...ids])),
      );
    const changed = await this.engine.retryJobs(
      rows.map((row) => Number(row.jobId)),
      audit,
    );
    void this.engine.tick();
    return { changed };
  }

  /** How each thing's deliveries stand. */
  async counts(parentIds: readonly number[]): Promise<Map<number, DeliveryCounts>> {
    const counted = new Map<number, DeliveryCounts>();
    if (parentIds.length === 0) return counted;
    const rows = await this.db
      .select({ parentId: this.t.parentId, state: deliveryStateOf, n: count() })
      .from(this.t.table)
      .innerJoin(taskJobs, eq(taskJobs.id, this.t.jobId))
      .where(inArray(this.t.parentId, [...parentIds]))
      .groupBy(this.t.parentId, deliveryStateOf);
    for (const row of rows) {
      const parentId = Number(row.parentId);
      const entry = counted.get(parentId) ?? noDeliveries();
      entry[row.state] += Number(row.n);
      entry.total += Number(row.n);
      counted.set(parentId, entry);
    }
    return counted;
  }

  /** A page of a thing's deliveries, by serial, under the owner's filters (state with `deliveryStateOf`). */
  async page(
    companyId: number,
    parentId: number,
    query: ListQuery,
    filters: SQL | undefined,
  ): Promise<ListPage<Delivery>> {
    const t = this.t;
    const where = and(eq(t.companyId, companyId), eq(t.parentId, parentId), filters);
    const { items, total } = await pageOf(
      query,
      this.db
        .select({
          id: t.id,
          deviceId: devices.id,
          sn: t.sn,
          deviceName: devices.name,
          state: deliveryStateOf,
          reason: taskJobs.reason,
          attempts: taskJobs.attempts,
          endedAt: taskJobs.endedAt,
          startedAt: taskJobs.startedAt,
          createdAt: t.createdAt,
        })
        .from(t.table)
        .innerJoin(taskJobs, eq(taskJobs.id, t.jobId))
        .leftJoin(devices, and(eq(devices.id, t.deviceId), eq(devices.companyId, companyId)))
        .where(where)
        .orderBy(asc(t.sn)),
      this.db
        .select({ total: count() })
        .from(t.table)
        .innerJoin(taskJobs, eq(taskJobs.id, t.jobId))
        .where(where),
    );
    return {
      items: items.map((row) => ({
        id: Number(row.id),
        device_id: row.deviceId,
        sn: String(row.sn),
        device_name: row.deviceName ?? '',
        state: row.state,
        reason: row.state === 'failed' ? (row.reason ?? 'failed') : null,
        attempts: Math.max(1, row.attempts),
        updated_at: (row.endedAt ?? row.startedAt ?? (row.createdAt as Date)).toISOString(),
      })),
      total,
    };
  }
}

export const noDeliveries = (): DeliveryCounts => ({ total: 0, in_progress: 0, success: 0, failed: 0 });

/** A page of the devices the caller may publish to — their company's, within their groups — by serial. */
export async function publishableDevices(
  db: Db,
  caller: Permissions,
  query: ListQuery,
  filters: SQL | undefined,
): Promise<ListPage<PublishableDevice>> {
  const where = and(ownDevicesWhere(caller), filters);
  return pageOf(
    query,
    db
      .select({
        id: devices.id,
        sn: devices.sn,
        name: devices.name,
        model: devices.model,
        online: sql<boolean>`${devices.status} = 'online'`,
      })
      .from(devices)
      .where(where)
      .orderBy(asc(devices.sn)),
    db.select({ total: count() }).from(devices).where(where),
  );
}
