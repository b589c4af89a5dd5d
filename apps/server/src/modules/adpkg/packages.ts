/**
 * Ad packages (spec §2.3 adpkg_management, adpkg_design, §5.6; issue 32): a company's layouts of a
 * device's screen, each with its items' files — uploaded in parts (core/storage part-uploads.ts) as
 * `adpkg/{companyId}_{md5}.{jpg|png|mp4}`, read as the image or movie they must be (items.ts) — and
 * published to devices of the caller's groups as jobs of the task engine (`adpkg`): each device
 * fetches every item by a signed, expiring URL, checks its size and md5, and reports. A delivery's
 * state is its job's (tasks' Deliveries, as hologram parking's); failed ones can be published again.
 */
import {
  ADPKG_DELIVERY_DEADLINE_HOURS,
  ADPKG_DELIVERY_FILTERS,
  ADPKG_DELIVERY_TIMEOUT_MINUTES,
  ADPKG_DEVICE_FILTERS,
  ADPKG_FILTERS,
  ADPKG_IMAGE_MAX_BYTES,
  ADPKG_ORDER_KEYS,
  type Adpkg,
  type AdpkgDelivery,
  type AdpkgDevice,
  type AdpkgItem,
  type AdpkgItemForm,
  type InstallAdpkgArgs,
  JOB_COMMANDS,
  type ListPage,
  type ListQuery,
  parseObjectPath,
} from '@vap/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import { ObjectMissingError } from '../../core/storage/backend.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import {
  Deliveries,
  type DeliveryCounts,
  deliveryStateOf,
  type JobEngine,
  noDeliveries,
  publishableDevices,
} from '../tasks/index.js';
import { readImage, readVideo } from './items.js';
import { adPackageDeliveries as deliveries, adPackages as packages } from './schema.js';

export const ADPKG_JOB = 'adpkg' as const;

/** What a delivery's job carries: the package's split and items as they were when published. */
interface PackagePayload {
  package_id: number;
  top_share: number;
  items: {
    type: AdpkgItem['type'];
    resource_name: string;
    path: string;
    md5: string;
    size: number;
    seconds: number | null;
  }[];
}

const packageFilters = whereOf(ADPKG_FILTERS, {
  name: ({ v }, param) => sql`${packages.name} ilike ${param(likePattern(v))}`,
});
const packageOrders = orderOf(ADPKG_ORDER_KEYS, { created_at: packages.createdAt, name: packages.name });
const deliveryFilters = whereOf(ADPKG_DELIVERY_FILTERS, {
  state: ({ v }, param) => sql`${deliveryStateOf} = ${param(v)}`,
  sn: ({ v }, param) => sql`${deliveries.sn} ilike ${param(likePattern(v))}`,
});
const deviceFilters = whereOf(ADPKG_DEVICE_FILTERS, {
  sn: ({ v }, param) => sql`${devices.sn} ilike ${param(likePattern(v))}`,
});

type PackageRow = typeof packages.$inferSelect;
interface PackageBody {
  name: string;
  top_share: number;
  items: AdpkgItemForm[];
}

export class AdPackages {
  private readonly published: Deliveries;

  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    private readonly engine: JobEngine,
    /** Where devices reach this server: the object store's own signed URLs are relative to it. */
    private readonly origin: () => string,
    private readonly now: () => number = Date.now,
  ) {
    this.published = new Deliveries(db, engine, {
      table: deliveries,
      id: deliveries.id,
      companyId: deliveries.companyId,
      parentId: deliveries.packageId,
      deviceId: deliveries.deviceId,
      sn: deliveries.sn,
      jobId: deliveries.jobId,
      createdAt: deliveries.createdAt,
    });
    engine.define(ADPKG_JOB, {
      command: async (task) => {
        const payload = task.payload as unknown as PackagePayload;
        const items = await Promise.all(
          payload.items.map(async ({ path, ...item }) => ({
            ...item,
            url: new URL(await this.store.signedUrl(path), this.origin()).href,
          })),
        );
        return {
          name: JOB_COMMANDS.adpkg,
          args: {
            package_id: payload.package_id,
            top_share: payload.top_share,
            items,
          } satisfies InstallAdpkgArgs,
        };
      },
    });
  }

  /** An upload token of an item's file of the caller's company. */
  fileToken(companyId: number, body: { name: string; size: number }) {
    const parts = parseObjectPath(body.name);
    if (parts?.kind !== 'adpkg') throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    if (parts.companyId !== companyId) throw new ApiError(403, 'forbidden');
    return {
      token: this.store.issueUploadToken({ path: body.name, size: body.size, companyId }),
      url: '/webapi/v1/pms/objects/uploads',
    };
  }

  /** A stored item file of the company, read as its type: what is kept of it. */
  private async checkedItem(companyId: number, item: AdpkgItemForm): Promise<AdpkgItem> {
    if (!(await this.store.isStored(item.file, companyId, 'adpkg')))
      throw new ApiError(400, 'object_missing');
    const stored = await this.store.find(item.file);
    if (!stored) throw new ApiError(400, 'object_missing');
    const missing = (error: unknown): never => {
      if (error instanceof ObjectMissingError) throw new ApiError(400, 'object_missing');
      throw error;
    };
    const kept = { file: item.file, resource_name: item.resource_name, size: stored.size, md5: stored.md5 };
    if (item.type === 'image') {
      if (stored.size > ADPKG_IMAGE_MAX_BYTES) throw new ApiError(400, 'file_too_large');
      const image = await readImage(await this.store.read(item.file).catch(missing));
      return { type: 'image', ...kept, seconds: item.seconds, ...image, duration_ms: null, codec: null };
    }
    const video = await readVideo(stored.size, (start, end) =>
      this.store.read(item.file, { start, end }).catch(missing),
    );
    return { type: 'video', ...kept, seconds: null, ...video };
  }

  /** The items as kept: a file already in the package keeps what was read of it. */
  private async checkedItems(companyId: number, items: AdpkgItemForm[], before: AdpkgItem[] = []) {
    const known = new Map(before.map((item) => [item.file, item]));
    const checked: AdpkgItem[] = [];
    for (const item of items) {
      const old = known.get(item.file);
      checked.push(
        old && old.type === item.type
          ? {
              ...old,
              resource_name: item.resource_name,
              seconds: item.type === 'image' ? item.seconds : null,
            }
          : await this.checkedItem(companyId, item),
      );
    }
    return checked;
  }

  async create(companyId: number, body: PackageBody, trail: AuditTrail): Promise<Adpkg> {
    const items = await this.checkedItems(companyId, body.items);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(packages)
        .values({ companyId, name: body.name, topShare: body.top_share, items })
        .returning({ id: packages.id });
      if (!row) throw new Error('package not written');
      await trail.record(tx, {
        action: 'adpkg.package.create',
        target: { type: 'ad_package', id: row.id },
        after: { name: body.name, top_share: body.top_share, items: body.items.map((item) => item.file) },
      });
      return row.id;
    });
    return this.one(companyId, id);
  }

  async update(companyId: number, id: number, body: PackageBody, trail: AuditTrail): Promise<Adpkg> {
    const before = await this.row(companyId, id);
    const items = await this.checkedItems(companyId, body.items, before.items);
    await this.db.transaction(async (tx) => {
      await tx
        .update(packages)
        .set({ name: body.name, topShare: body.top_share, items, updatedAt: new Date(this.now()) })
        .where(and(eq(packages.companyId, companyId), eq(packages.id, id)));
      await trail.record(tx, {
        action: 'adpkg.package.update',
        target: { type: 'ad_package', id },
        before: {
          name: before.name,
          top_share: before.topShare,
          items: before.items.map((item) => item.file),
        },
        after: { name: body.name, top_share: body.top_share, items: body.items.map((item) => item.file) },
      });
    });
    return this.one(companyId, id);
  }

  /** Deletes a package; its deliveries still on their way are cancelled. */
  async remove(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    const row = await this.row(companyId, id);
    const jobs = await this.published.jobsOf(id);
    if (jobs.length > 0) await this.engine.cancelJobs(jobs);
    await this.db.transaction(async (tx) => {
      await tx.delete(packages).where(and(eq(packages.companyId, companyId), eq(packages.id, id)));
      await trail.record(tx, {
        action: 'adpkg.package.delete',
        target: { type: 'ad_package', id },
        before: { name: row.name, devices: jobs.length },
      });
    });
  }

  /** Publishes the package to devices of the caller's groups; answers how many. */
  async publish(caller: Permissions, id: number, deviceIds: readonly number[], trail: AuditTrail) {
    const row = await this.row(companyOf(caller), id);
    const payload: PackagePayload = {
      package_id: row.id,
      top_share: row.topShare,
      items: row.items.map((item) => ({
        type: item.type,
        resource_name: item.resource_name,
        path: item.file,
        md5: item.md5,
        size: item.size,
        seconds: item.seconds,
      })),
    };
    return this.published.publish(
      caller,
      row.id,
      deviceIds,
      {
        type: ADPKG_JOB,
        subject: row.name,
        payload: payload as unknown as Record<string, unknown>,
        deadlineHours: ADPKG_DELIVERY_DEADLINE_HOURS,
        timeoutMinutes: ADPKG_DELIVERY_TIMEOUT_MINUTES,
      },
      (tx, sns) =>
        trail.record(tx, {
          action: 'adpkg.package.publish',
          target: { type: 'ad_package', id: row.id },
          after: { devices: sns },
        }),
    );
  }

  /** Publishes the package again to those of these deliveries that failed; answers how many. */
  async retry(companyId: number, id: number, ids: readonly number[], trail: AuditTrail) {
    await this.row(companyId, id);
    return this.published.retry(companyId, id, ids, (tx, n) =>
      trail.record(tx, {
        action: 'adpkg.package.retry',
        target: { type: 'ad_package', id },
        after: { ids, retried: n },
      }),
    );
  }

  private async row(companyId: number, id: number): Promise<PackageRow> {
    const [row] = await this.db
      .select()
      .from(packages)
      .where(and(eq(packages.companyId, companyId), eq(packages.id, id)));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }

  private toPackage(row: PackageRow, counts: Map<number, DeliveryCounts>): Adpkg {
    return {
      id: row.id,
      name: row.name,
      top_share: row.topShare,
      items: row.items,
      devices: counts.get(row.id) ?? noDeliveries(),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async one(companyId: number, id: number): Promise<Adpkg> {
    const row = await this.row(companyId, id);
    return this.toPackage(row, await this.published.counts([row.id]));
  }

  /** A page of the company's packages, newest first. */
  async page(companyId: number, query: ListQuery): Promise<ListPage<Adpkg>> {
    const where = and(eq(packages.companyId, companyId), packageFilters(query.wheres));
    const sorting: SQL[] = [...packageOrders(query.orders), desc(packages.createdAt), desc(packages.id)];
    const { items, total } = await pageOf(
      query,
      this.db
        .select()
        .from(packages)
        .where(where)
        .orderBy(...sorting),
      this.db.select({ total: count() }).from(packages).where(where),
    );
    const counts = await this.published.counts(items.map((row) => row.id));
    return { items: items.map((row) => this.toPackage(row, counts)), total };
  }

  /** A page of a package's deliveries, by serial. */
  async deliveries(companyId: number, id: number, query: ListQuery): Promise<ListPage<AdpkgDelivery>> {
    await this.row(companyId, id);
    return this.published.page(companyId, id, query, deliveryFilters(query.wheres));
  }

  /** The devices the caller may publish to, by serial. */
  devices(caller: Permissions, query: ListQuery): Promise<ListPage<AdpkgDevice>> {
    return publishableDevices(this.db, caller, query, deviceFilters(query.wheres));
  }
}
