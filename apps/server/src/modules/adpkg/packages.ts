/**
 * Ad packages (spec §2.3 adpkg_management, adpkg_design, §5.6; issue 32): a company's layouts of a
 * device's screen, each with its items' files — uploaded in parts (core/storage part-uploads.ts) as
 * `adpkg/{companyId}_{md5}.{jpg|png|mp4}`, read as the image or movie they must be (items.ts) — and
 * published to devices of the caller's groups as jobs of the task engine (`adpkg`): each device
 * fetches every item by a signed, expiring URL, checks its size and md5, and reports. A delivery's
 * state is its job's (tasks' PublishedThings, as hologram parking's); failed ones can be published again.
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
  type AdpkgItem,
  type AdpkgItemForm,
  type InstallAdpkgArgs,
  JOB_COMMANDS,
} from '@vap/contracts';
import { sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, whereOf } from '../../core/http/list-sql.js';
import {
  type DeliveryCounts,
  type PublishedServices,
  PublishedThings,
  type PublishJob,
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

type PackageRow = typeof packages.$inferSelect;
interface PackageBody {
  name: string;
  top_share: number;
  items: AdpkgItemForm[];
}

/** What the audit trail keeps of a package: its name, split and items' files. */
const audited = (body: { name: string; top_share: number; items: { file: string }[] }) => ({
  name: body.name,
  top_share: body.top_share,
  items: body.items.map((item) => item.file),
});

export class AdPackages extends PublishedThings<PackageRow, Adpkg> {
  constructor(services: PublishedServices) {
    super(
      services,
      packages,
      { table: deliveries, parentId: deliveries.packageId },
      {
        objects: 'adpkg',
        filters: packageFilters,
        orders: packageOrders,
        deliveryFilters: ADPKG_DELIVERY_FILTERS,
        deviceFilters: ADPKG_DEVICE_FILTERS,
        audit: {
          type: 'ad_package',
          create: 'adpkg.package.create',
          update: 'adpkg.package.update',
          publish: 'adpkg.package.publish',
          retry: 'adpkg.package.retry',
          remove: 'adpkg.package.delete',
        },
      },
    );
    this.engine.define(ADPKG_JOB, {
      command: async (task) => {
        const payload = task.payload as unknown as PackagePayload;
        const items = await Promise.all(
          payload.items.map(async ({ path, ...item }) => ({
            ...item,
            url: await this.signedUrl(path),
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

  /** A stored item file of the company, read as its type: what is kept of it. */
  private async checkedItem(companyId: number, item: AdpkgItemForm): Promise<AdpkgItem> {
    const stored = await this.storedFile(companyId, item.file);
    const kept = { file: item.file, resource_name: item.resource_name, size: stored.size, md5: stored.md5 };
    if (item.type === 'image') {
      if (stored.size > ADPKG_IMAGE_MAX_BYTES) throw new ApiError(400, 'file_too_large');
      const image = await readImage(await this.read(item.file));
      return { type: 'image', ...kept, seconds: item.seconds, ...image, duration_ms: null, codec: null };
    }
    const video = await readVideo(stored.size, (start, end) => this.read(item.file, { start, end }));
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
    return this.created(
      companyId,
      (tx) =>
        tx
          .insert(packages)
          .values({ companyId, name: body.name, topShare: body.top_share, items })
          .returning({ id: packages.id }),
      audited(body),
      trail,
    );
  }

  async update(companyId: number, id: number, body: PackageBody, trail: AuditTrail): Promise<Adpkg> {
    const before = await this.row(companyId, id);
    const items = await this.checkedItems(companyId, body.items, before.items);
    return this.updated(
      companyId,
      id,
      (tx, where) =>
        tx
          .update(packages)
          .set({ name: body.name, topShare: body.top_share, items, updatedAt: new Date(this.now()) })
          .where(where),
      {
        before: audited({ name: before.name, top_share: before.topShare, items: before.items }),
        after: audited(body),
      },
      trail,
    );
  }

  protected described(row: PackageRow) {
    return { name: row.name };
  }

  protected job(row: PackageRow): PublishJob {
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
    return {
      type: ADPKG_JOB,
      subject: row.name,
      payload: payload as unknown as Record<string, unknown>,
      deadlineHours: ADPKG_DELIVERY_DEADLINE_HOURS,
      timeoutMinutes: ADPKG_DELIVERY_TIMEOUT_MINUTES,
    };
  }

  protected toThing(row: PackageRow, devices: DeliveryCounts): Adpkg {
    return {
      id: row.id,
      name: row.name,
      top_share: row.topShare,
      items: row.items,
      devices,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
