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
  type HologramScheme,
  JOB_COMMANDS,
} from '@vap/contracts';
import { sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { likePattern, orderOf, whereOf } from '../../core/http/list-sql.js';
import {
  type DeliveryCounts,
  type PublishedServices,
  PublishedThings,
  type PublishJob,
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

type SchemeRow = typeof schemes.$inferSelect;

export class HologramSchemes extends PublishedThings<SchemeRow, HologramScheme> {
  constructor(services: PublishedServices) {
    super(
      services,
      schemes,
      { table: deliveries, parentId: deliveries.schemeId },
      {
        objects: 'hologram',
        filters: schemeFilters,
        orders: schemeOrders,
        deliveryFilters: HOLOGRAM_DELIVERY_FILTERS,
        deviceFilters: HOLOGRAM_DEVICE_FILTERS,
        audit: {
          type: 'hologram_scheme',
          create: 'hologram.scheme.create',
          update: 'hologram.scheme.update',
          publish: 'hologram.scheme.publish',
          retry: 'hologram.scheme.retry',
          remove: 'hologram.scheme.delete',
        },
      },
    );
    this.engine.define(SCHEME_JOB, {
      command: async (task) => {
        const payload = task.payload as unknown as SchemePayload;
        const url = await this.signedUrl(payload.path);
        return {
          name: JOB_COMMANDS.hologram_scheme,
          args: { url, md5: payload.md5, size: payload.size, scheme_id: payload.scheme_id },
        };
      },
    });
  }

  /** The stored scheme file, read whole as an archive: its record and the screens of its manifest. */
  private async checkedFile(companyId: number, path: string) {
    const stored = await this.storedFile(companyId, path);
    const manifest = await readSchemeFile(await this.read(path));
    return { size: stored.size, md5: stored.md5, screens: manifest.screens.length };
  }

  async create(
    companyId: number,
    body: { name: string; site: string; file: string },
    trail: AuditTrail,
  ): Promise<HologramScheme> {
    const file = await this.checkedFile(companyId, body.file);
    return this.created(
      companyId,
      (tx) =>
        tx
          .insert(schemes)
          .values({ companyId, name: body.name, site: body.site, file: body.file, ...file })
          .returning({ id: schemes.id }),
      { name: body.name, site: body.site, file: body.file },
      trail,
    );
  }

  async update(
    companyId: number,
    id: number,
    body: { name: string; site: string; file: string },
    trail: AuditTrail,
  ): Promise<HologramScheme> {
    const before = await this.row(companyId, id);
    const file = before.file === body.file ? {} : await this.checkedFile(companyId, body.file);
    return this.updated(
      companyId,
      id,
      (tx, where) =>
        tx
          .update(schemes)
          .set({
            name: body.name,
            site: body.site,
            file: body.file,
            ...file,
            updatedAt: new Date(this.now()),
          })
          .where(where),
      {
        before: { name: before.name, site: before.site, file: before.file },
        after: { name: body.name, site: body.site, file: body.file },
      },
      trail,
    );
  }

  protected described(row: SchemeRow) {
    return { name: row.name, site: row.site, file: row.file };
  }

  protected job(scheme: SchemeRow): PublishJob {
    return {
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
    };
  }

  protected toThing(row: SchemeRow, devices: DeliveryCounts): HologramScheme {
    return {
      id: row.id,
      name: row.name,
      site: row.site,
      file: row.file,
      size: row.size,
      md5: row.md5,
      screens: row.screens,
      devices,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
