/**
 * What every owner of things published to devices shares over its things' table (hologram
 * parking's schemes, ad packages; issue 32): their files in the object store (an upload token, a
 * stored file checked and read), one of the company's things and a page of them with how their
 * deliveries stand, a page of one's deliveries, the devices to publish to, publishing, publishing
 * again and deleting — each with its audit entry. The owner's class says what its thing is, how one
 * is made and changed, and the job that publishes it; the deliveries are tasks' `Deliveries`.
 */
import type { AuditAction, ListPage, ListQuery, ObjectKind, Order } from '@vap/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companyRow } from '../../core/db/company-rows.js';
import { devices } from '../../core/db/devices.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { pageOf, type WhereSql, whereOf } from '../../core/http/list-sql.js';
import { type ByteRange, ObjectMissingError } from '../../core/storage/backend.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import {
  Deliveries,
  type Delivery,
  type DeliveryCounts,
  type DeliveryState,
  deliveryStateOf,
  noDeliveries,
  type PublishableDevice,
  type PublishJob,
  publishableDevices,
} from './deliveries.js';
import type { JobEngine } from './engine.js';

/** The things' table: its columns that finding one of a company's, and a page of them, read. */
export type ThingsTable = PgTable & Record<'id' | 'companyId' | 'createdAt', PgColumn>;
/** The deliveries' table: its columns that every deliveries table has. */
export type DeliveriesTable = PgTable &
  Record<'id' | 'companyId' | 'deviceId' | 'sn' | 'jobId' | 'createdAt', PgColumn>;

/** A thing's deliveries' filters, as its contract declares them: by state and serial. */
type DeliveryFilterSpec = {
  readonly state: { readonly '=': z.ZodType<DeliveryState> };
  readonly sn: { readonly like: z.ZodType<string> };
};
/** The filters of the devices one may publish to: by serial. */
type DeviceFilterSpec = { readonly sn: { readonly like: z.ZodType<string> } };

/** What the owner's class says of its things beyond their tables. */
export interface PublishedKind {
  /** The folder of the things' files in the object store. */
  objects: ObjectKind;
  /** The things' filters and sort keys (their ORDER BY terms), then newest first. */
  filters: WhereSql;
  orders: (orders: readonly Order[]) => SQL[];
  /** The contract's filters of a thing's deliveries and of the devices it may go to. */
  deliveryFilters: DeliveryFilterSpec;
  deviceFilters: DeviceFilterSpec;
  /** A thing as the audit trail names it, and the actions it records. */
  audit: {
    type: string;
    create: AuditAction;
    update: AuditAction;
    publish: AuditAction;
    retry: AuditAction;
    remove: AuditAction;
  };
}

/** What the owner's class works with: the server's database, object store and job engine. */
export interface PublishedServices {
  db: Db;
  store: ObjectStore;
  engine: JobEngine;
  /** Where devices reach this server: the object store's own signed URLs are relative to it. */
  origin: () => string;
  now?: () => number;
}

/**
 * A company's things published to devices (a hologram parking scheme, an ad package), each with
 * its deliveries: the owner's class extends it with how a thing is made and changed, what one is
 * (`toThing`), what its deletion's audit entry says of it (`described`) and the job that
 * publishes it (`job`).
 */
export abstract class PublishedThings<Row extends { id: number }, Thing> {
  protected readonly db: Db;
  protected readonly store: ObjectStore;
  protected readonly engine: JobEngine;
  protected readonly now: () => number;
  private readonly origin: () => string;
  protected readonly published: Deliveries;
  private readonly deliveryFilters: WhereSql;
  private readonly deviceFilters: WhereSql;

  /** `deliveries.parentId`: the deliveries' column of the thing they deliver. */
  constructor(
    services: PublishedServices,
    private readonly things: ThingsTable,
    deliveries: { table: DeliveriesTable; parentId: PgColumn },
    private readonly kind: PublishedKind,
  ) {
    this.db = services.db;
    this.store = services.store;
    this.engine = services.engine;
    this.origin = services.origin;
    this.now = services.now ?? Date.now;
    const t = deliveries.table;
    this.published = new Deliveries(this.db, this.engine, {
      table: t,
      id: t.id,
      companyId: t.companyId,
      parentId: deliveries.parentId,
      deviceId: t.deviceId,
      sn: t.sn,
      jobId: t.jobId,
      createdAt: t.createdAt,
    });
    this.deliveryFilters = whereOf(kind.deliveryFilters, {
      state: ({ v }, param) => sql`${deliveryStateOf} = ${param(v)}`,
      sn: t.sn,
    });
    this.deviceFilters = whereOf(kind.deviceFilters, { sn: devices.sn });
  }

  protected abstract toThing(row: Row, devices: DeliveryCounts): Thing;
  /** What the audit entry of its deletion keeps of a thing (with how many devices it was on). */
  protected abstract described(row: Row): Record<string, unknown>;
  /** The job that publishes a thing as it is now. */
  protected abstract job(row: Row): PublishJob;

  /** An upload token of a file of the caller's company, in the things' folder. */
  fileToken(companyId: number, body: { name: string; size: number }) {
    return {
      token: this.store.issueCompanyUploadToken(this.kind.objects, companyId, body),
      url: '/webapi/v1/pms/objects/uploads',
    };
  }

  /** A stored file of the company in the things' folder: its record; 400 `object_missing` if none. */
  protected async storedFile(companyId: number, path: string) {
    if (!(await this.store.isStored(path, companyId, this.kind.objects)))
      throw new ApiError(400, 'object_missing');
    const stored = await this.store.find(path);
    if (!stored) throw new ApiError(400, 'object_missing');
    return stored;
  }

  /** A stored file's bytes (or a range of them); 400 `object_missing` when they are gone. */
  protected read(path: string, range?: ByteRange) {
    return this.store.read(path, range).catch((error: unknown) => {
      if (error instanceof ObjectMissingError) throw new ApiError(400, 'object_missing');
      throw error;
    });
  }

  /** A URL that a device fetches a stored file by: signed, expiring, on this server. */
  protected async signedUrl(path: string) {
    return new URL(await this.store.signedUrl(path), this.origin()).href;
  }

  /**
   * Makes a thing (`insert` writes its row, answering its id) with its audit entry of what it is
   * (`after`), in one transaction; answers it.
   */
  protected async created(
    companyId: number,
    insert: (tx: Db) => PromiseLike<{ id: number }[]>,
    after: Record<string, unknown>,
    trail: AuditTrail,
  ): Promise<Thing> {
    const { type, create } = this.kind.audit;
    const id = await this.db.transaction(async (tx) => {
      const row = await writtenRow(insert(tx), `${type} not written`);
      await trail.record(tx, { action: create, target: { type, id: row.id }, after });
      return row.id;
    });
    return this.one(companyId, id);
  }

  /**
   * Changes thing `id` (`change` writes the rows `where` picks: the company's of that id) with its
   * audit entry of what it was and is, in one transaction; answers it.
   */
  protected async updated(
    companyId: number,
    id: number,
    change: (tx: Db, where: SQL | undefined) => PromiseLike<unknown>,
    audit: { before: Record<string, unknown>; after: Record<string, unknown> },
    trail: AuditTrail,
  ): Promise<Thing> {
    const t = this.things;
    const { type, update } = this.kind.audit;
    await this.db.transaction(async (tx) => {
      await change(tx, and(eq(t.companyId, companyId), eq(t.id, id)));
      await trail.record(tx, { action: update, target: { type, id }, ...audit });
    });
    return this.one(companyId, id);
  }

  /** One of the company's things; 404 `not_found` when it has none of that id. */
  protected async row(companyId: number, id: number): Promise<Row> {
    // The owner's table, whose rows its type names.
    return (await companyRow(this.db, this.things, companyId, id)) as Row;
  }

  async one(companyId: number, id: number): Promise<Thing> {
    const row = await this.row(companyId, id);
    const counts = await this.published.counts([row.id]);
    return this.toThing(row, counts.get(row.id) ?? noDeliveries());
  }

  /** A page of the company's things, newest first unless asked otherwise. */
  async page(companyId: number, query: ListQuery): Promise<ListPage<Thing>> {
    const t = this.things;
    const where = and(eq(t.companyId, companyId), this.kind.filters(query.wheres));
    const sorting = [...this.kind.orders(query.orders), desc(t.createdAt), desc(t.id)];
    const { items, total } = await pageOf(
      query,
      this.db
        .select()
        .from(t)
        .where(where)
        .orderBy(...sorting),
      this.db.select({ total: count() }).from(t).where(where),
    );
    const rows = items as Row[];
    const counts = await this.published.counts(rows.map((row) => row.id));
    return { items: rows.map((row) => this.toThing(row, counts.get(row.id) ?? noDeliveries())), total };
  }

  /** A page of a thing's deliveries, by serial. */
  async deliveries(companyId: number, id: number, query: ListQuery): Promise<ListPage<Delivery>> {
    await this.row(companyId, id);
    return this.published.page(companyId, id, query, this.deliveryFilters(query.wheres));
  }

  /** The devices the caller may publish to, by serial. */
  devices(caller: Permissions, query: ListQuery): Promise<ListPage<PublishableDevice>> {
    return publishableDevices(this.db, caller, query, this.deviceFilters(query.wheres));
  }

  /** Publishes the thing to devices of the caller's groups; answers how many. */
  async publish(caller: Permissions, id: number, deviceIds: readonly number[], trail: AuditTrail) {
    const row = await this.row(companyOf(caller), id);
    const { type, publish } = this.kind.audit;
    return this.published.publish(caller, row.id, deviceIds, this.job(row), (tx, sns) =>
      trail.record(tx, { action: publish, target: { type, id: row.id }, after: { devices: sns } }),
    );
  }

  /** Publishes the thing again to those of these deliveries that failed; answers how many. */
  async retry(companyId: number, id: number, ids: readonly number[], trail: AuditTrail) {
    await this.row(companyId, id);
    const { type, retry } = this.kind.audit;
    return this.published.retry(companyId, id, ids, (tx, n) =>
      trail.record(tx, { action: retry, target: { type, id }, after: { ids, retried: n } }),
    );
  }

  /** Deletes a thing; its deliveries still on their way are cancelled. */
  async remove(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    const row = await this.row(companyId, id);
    const jobs = await this.published.jobsOf(id);
    if (jobs.length > 0) await this.engine.cancelJobs(jobs);
    const t = this.things;
    const { type, remove } = this.kind.audit;
    await this.db.transaction(async (tx) => {
      await tx.delete(t).where(and(eq(t.companyId, companyId), eq(t.id, id)));
      await trail.record(tx, {
        action: remove,
        target: { type, id },
        before: { ...this.described(row), devices: jobs.length },
      });
    });
  }
}
