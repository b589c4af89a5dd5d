/**
 * Hologram parking schemes (spec §2.3 hologram_parking; issue 32): a company's screen-display
 * schemes of its parking sites, each with its scheme file — uploaded in parts (core/storage
 * part-uploads.ts) as `hologram/{companyId}_{md5}.tar`, read as an archive and its manifest checked
 * (scheme-file.ts) — and published to devices of the caller's groups as jobs of the task engine
 * (`hologram_scheme`): each device fetches the file by a signed, expiring URL, checks its size and
 * md5, and reports. A delivery's state is its job's; failed ones can be published again.
 */
import {
  HOLOGRAM_DELIVERY_DEADLINE_HOURS,
  HOLOGRAM_DELIVERY_FILTERS,
  HOLOGRAM_DELIVERY_TIMEOUT_MINUTES,
  HOLOGRAM_DEVICE_FILTERS,
  HOLOGRAM_SCHEME_FILTERS,
  HOLOGRAM_SCHEME_ORDER_KEYS,
  type HologramDelivery,
  type HologramDevice,
  type HologramScheme,
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
  deliveryStateOf,
  type JobEngine,
  noDeliveries,
  publishableDevices,
} from '../tasks/index.js';
import { hologramDeliveries as deliveries, hologramSchemes as schemes } from './schema.js';
import { readSchemeFile } from './scheme-file.js';

export const SCHEME_JOB = 'hologram_scheme' as const;

/** What a delivery's job carries: the scheme file as it was when published. */
interface SchemePayload {
  scheme_id: number;
  path: string;
  md5: string;
  size: number;
}

const schemeFilters = whereOf(HOLOGRAM_SCHEME_FILTERS, {
  name: ({ v }, param) => sql`${schemes.name} ilike ${param(likePattern(v))}`,
  site: ({ v }, param) => sql`${schemes.site} ilike ${param(likePattern(v))}`,
});
const schemeOrders = orderOf(HOLOGRAM_SCHEME_ORDER_KEYS, {
  created_at: schemes.createdAt,
  name: schemes.name,
});
const deliveryFilters = whereOf(HOLOGRAM_DELIVERY_FILTERS, {
  state: ({ v }, param) => sql`${deliveryStateOf} = ${param(v)}`,
  sn: ({ v }, param) => sql`${deliveries.sn} ilike ${param(likePattern(v))}`,
});
const deviceFilters = whereOf(HOLOGRAM_DEVICE_FILTERS, {
  sn: ({ v }, param) => sql`${devices.sn} ilike ${param(likePattern(v))}`,
});

type SchemeRow = typeof schemes.$inferSelect;

export class HologramSchemes {
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
      parentId: deliveries.schemeId,
      deviceId: deliveries.deviceId,
      sn: deliveries.sn,
      jobId: deliveries.jobId,
      createdAt: deliveries.createdAt,
    });
    engine.define(SCHEME_JOB, {
      command: async (task) => {
        const payload = task.payload as unknown as SchemePayload;
        const url = new URL(await this.store.signedUrl(payload.path), this.origin()).href;
        return {
          name: JOB_COMMANDS.hologram_scheme,
          args: { url, md5: payload.md5, size: payload.size, scheme_id: payload.scheme_id },
        };
      },
    });
  }

  /** An upload token of a scheme file of the caller's company. */
  fileToken(companyId: number, body: { name: string; size: number }) {
    const parts = parseObjectPath(body.name);
    if (parts?.kind !== 'hologram') throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    if (parts.companyId !== companyId) throw new ApiError(403, 'forbidden');
    return {
      token: this.store.issueUploadToken({ path: body.name, size: body.size, companyId }),
      url: '/webapi/v1/pms/objects/uploads',
    };
  }

  /** The stored scheme file, read whole as an archive: its record and the screens of its manifest. */
  private async checkedFile(companyId: number, path: string) {
    if (!(await this.store.isStored(path, companyId, 'hologram'))) throw new ApiError(400, 'object_missing');
    const stored = await this.store.find(path);
    if (!stored) throw new ApiError(400, 'object_missing');
    const content = await this.store.read(path).catch((error: unknown) => {
      if (error instanceof ObjectMissingError) throw new ApiError(400, 'object_missing');
      throw error;
    });
    const manifest = await readSchemeFile(content);
    return { size: stored.size, md5: stored.md5, screens: manifest.screens.length };
  }

  async create(
    companyId: number,
    body: { name: string; site: string; file: string },
    trail: AuditTrail,
  ): Promise<HologramScheme> {
    const file = await this.checkedFile(companyId, body.file);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schemes)
        .values({ companyId, name: body.name, site: body.site, file: body.file, ...file })
        .returning({ id: schemes.id });
      if (!row) throw new Error('scheme not written');
      await trail.record(tx, {
        action: 'hologram.scheme.create',
        target: { type: 'hologram_scheme', id: row.id },
        after: { name: body.name, site: body.site, file: body.file },
      });
      return row.id;
    });
    return this.one(companyId, id);
  }

  async update(
    companyId: number,
    id: number,
    body: { name: string; site: string; file: string },
    trail: AuditTrail,
  ): Promise<HologramScheme> {
    const before = await this.row(companyId, id);
    const file = before.file === body.file ? {} : await this.checkedFile(companyId, body.file);
    await this.db.transaction(async (tx) => {
      await tx
        .update(schemes)
        .set({ name: body.name, site: body.site, file: body.file, ...file, updatedAt: new Date(this.now()) })
        .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)));
      await trail.record(tx, {
        action: 'hologram.scheme.update',
        target: { type: 'hologram_scheme', id },
        before: { name: before.name, site: before.site, file: before.file },
        after: { name: body.name, site: body.site, file: body.file },
      });
    });
    return this.one(companyId, id);
  }

  /** Deletes a scheme; its deliveries still on their way are cancelled. */
  async remove(companyId: number, id: number, trail: AuditTrail): Promise<void> {
    const row = await this.row(companyId, id);
    const jobs = await this.published.jobsOf(id);
    if (jobs.length > 0) await this.engine.cancelJobs(jobs);
    await this.db.transaction(async (tx) => {
      await tx.delete(schemes).where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)));
      await trail.record(tx, {
        action: 'hologram.scheme.delete',
        target: { type: 'hologram_scheme', id },
        before: { name: row.name, site: row.site, file: row.file, devices: jobs.length },
      });
    });
  }

  /** Publishes the scheme to devices of the caller's groups; answers how many. */
  async publish(caller: Permissions, id: number, deviceIds: readonly number[], trail: AuditTrail) {
    const scheme = await this.row(companyOf(caller), id);
    return this.published.publish(
      caller,
      scheme.id,
      deviceIds,
      {
        type: SCHEME_JOB,
        subject: scheme.name,
        payload: {
          scheme_id: scheme.id,
          path: scheme.file,
          md5: scheme.md5,
          size: scheme.size,
        } satisfies SchemePayload as unknown as Record<string, unknown>,
        deadlineHours: HOLOGRAM_DELIVERY_DEADLINE_HOURS,
        timeoutMinutes: HOLOGRAM_DELIVERY_TIMEOUT_MINUTES,
      },
      (tx, sns) =>
        trail.record(tx, {
          action: 'hologram.scheme.publish',
          target: { type: 'hologram_scheme', id: scheme.id },
          after: { devices: sns },
        }),
    );
  }

  /** Publishes the scheme again to those of these deliveries that failed; answers how many. */
  async retry(companyId: number, id: number, ids: readonly number[], trail: AuditTrail) {
    await this.row(companyId, id);
    return this.published.retry(companyId, id, ids, (tx, n) =>
      trail.record(tx, {
        action: 'hologram.scheme.retry',
        target: { type: 'hologram_scheme', id },
        after: { ids, retried: n },
      }),
    );
  }

  private async row(companyId: number, id: number): Promise<SchemeRow> {
    const [row] = await this.db
      .select()
      .from(schemes)
      .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)));
    if (!row) throw new ApiError(404, 'not_found');
    return row;
  }

  private toScheme(row: SchemeRow, counts: Map<number, HologramScheme['devices']>): HologramScheme {
    return {
      id: row.id,
      name: row.name,
      site: row.site,
      file: row.file,
      size: row.size,
      md5: row.md5,
      screens: row.screens,
      devices: counts.get(row.id) ?? noDeliveries(),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async one(companyId: number, id: number): Promise<HologramScheme> {
    const row = await this.row(companyId, id);
    return this.toScheme(row, await this.published.counts([row.id]));
  }

  /** A page of the company's schemes, newest first. */
  async page(companyId: number, query: ListQuery): Promise<ListPage<HologramScheme>> {
    const where = and(eq(schemes.companyId, companyId), schemeFilters(query.wheres));
    const sorting: SQL[] = [...schemeOrders(query.orders), desc(schemes.createdAt), desc(schemes.id)];
    const { items, total } = await pageOf(
      query,
      this.db
        .select()
        .from(schemes)
        .where(where)
        .orderBy(...sorting),
      this.db.select({ total: count() }).from(schemes).where(where),
    );
    const counts = await this.published.counts(items.map((row) => row.id));
    return { items: items.map((row) => this.toScheme(row, counts)), total };
  }

  /** A page of a scheme's deliveries, by serial. */
  async deliveries(companyId: number, id: number, query: ListQuery): Promise<ListPage<HologramDelivery>> {
    await this.row(companyId, id);
    return this.published.page(companyId, id, query, deliveryFilters(query.wheres));
  }

  /** The devices the caller may publish to, by serial. */
  devices(caller: Permissions, query: ListQuery): Promise<ListPage<HologramDevice>> {
    return publishableDevices(this.db, caller, query, deviceFilters(query.wheres));
  }
}
