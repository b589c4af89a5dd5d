/** Hologram parking's tables (spec §2.3 hologram_parking; issue 32). */
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliveryColumns } from '../../core/db/jobs.js';
import { companyKeys, createdAt, updatedAt } from '../../core/db/schema.js';

/** A screen-display scheme of a parking site, with its scheme file (a TAR archive in the object store). */
export const hologramSchemes = pgTable(
  'hologram_schemes',
  {
    ...companyKeys(),
    name: text('name').notNull(),
    site: text('site').notNull(),
    /** `hologram/{companyId}_{md5}.tar`, a stored object of the company. */
    file: text('file').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    /** The screens its manifest names. */
    screens: integer('screens').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('hologram_schemes_company_created').on(table.companyId, table.createdAt)],
);

/** A scheme published to one device: a delivery (core/db jobs.ts `deliveryColumns`). */
export const hologramDeliveries = pgTable(
  'hologram_deliveries',
  {
    ...deliveryColumns(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => hologramSchemes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('hologram_deliveries_scheme_sn').on(table.schemeId, table.sn),
    uniqueIndex('hologram_deliveries_job').on(table.jobId),
  ],
);
