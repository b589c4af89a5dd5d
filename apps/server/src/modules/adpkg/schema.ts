/** Ad packages' tables (spec §2.3 adpkg_management, adpkg_design; issue 32). */
import type { AdpkgItem } from '@vap/contracts';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliveryColumns } from '../../core/db/jobs.js';
import { companyKeys, createdAt, updatedAt } from '../../core/db/schema.js';

/** A layout of a device's screen: the top half's share, and its items in the order they are shown. */
export const adPackages = pgTable(
  'ad_packages',
  {
    ...companyKeys(),
    name: text('name').notNull(),
    /** The top half's share of the screen, percent (30–80). */
    topShare: integer('top_share').notNull(),
    /** Its items as checked when saved: files in the object store with what was read of them. */
    items: jsonb('items').$type<AdpkgItem[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('ad_packages_company_created').on(table.companyId, table.createdAt)],
);

/** A package published to one device: a delivery (core/db jobs.ts `deliveryColumns`). */
export const adPackageDeliveries = pgTable(
  'ad_package_deliveries',
  {
    ...deliveryColumns(),
    packageId: integer('package_id')
      .notNull()
      .references(() => adPackages.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('ad_package_deliveries_package_sn').on(table.packageId, table.sn),
    uniqueIndex('ad_package_deliveries_job').on(table.jobId),
  ],
);
