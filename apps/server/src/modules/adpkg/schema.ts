/** Ad packages' tables (spec §2.3 adpkg_management, adpkg_design; issue 32). */
import type { AdpkgItem } from '@vap/contracts';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, createdAt } from '../../core/db/schema.js';

/** A layout of a device's screen: the top half's share, and its items in the order they are shown. */
export const adPackages = pgTable(
  'ad_packages',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    name: text('name').notNull(),
    /** The top half's share of the screen, percent (30–80). */
    topShare: integer('top_share').notNull(),
    /** Its items as checked when saved: files in the object store with what was read of them. */
    items: jsonb('items').$type<AdpkgItem[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ad_packages_company_created').on(table.companyId, table.createdAt)],
);

/**
 * A package published to one device: the task engine's job carries it (task_jobs: its state,
 * reason, attempts); publishing it to the device again gives the delivery a new job.
 */
export const adPackageDeliveries = pgTable(
  'ad_package_deliveries',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    packageId: integer('package_id')
      .notNull()
      .references(() => adPackages.id, { onDelete: 'cascade' }),
    /** The device while bound to the company; its serial says which it was once it is not. */
    deviceId: integer('device_id'),
    sn: text('sn').notNull(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ad_package_deliveries_package_sn').on(table.packageId, table.sn),
    uniqueIndex('ad_package_deliveries_job').on(table.jobId),
  ],
);
