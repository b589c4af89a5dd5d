/** Hologram parking's tables (spec §2.3 hologram_parking; issue 32). */
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, createdAt } from '../../core/db/schema.js';

/** A screen-display scheme of a parking site, with its scheme file (a TAR archive in the object store). */
export const hologramSchemes = pgTable(
  'hologram_schemes',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    name: text('name').notNull(),
    site: text('site').notNull(),
    /** `hologram/{companyId}_{md5}.tar`, a stored object of the company. */
    file: text('file').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    /** The screens its manifest names. */
    screens: integer('screens').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('hologram_schemes_company_created').on(table.companyId, table.createdAt)],
);

/**
 * A scheme published to one device: the task engine's job carries it (task_jobs: its state, reason,
 * attempts); publishing it to the device again gives the delivery a new job.
 */
export const hologramDeliveries = pgTable(
  'hologram_deliveries',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    schemeId: integer('scheme_id')
      .notNull()
      .references(() => hologramSchemes.id, { onDelete: 'cascade' }),
    /** The device while bound to the company; its serial says which it was once it is not. */
    deviceId: integer('device_id'),
    sn: text('sn').notNull(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('hologram_deliveries_scheme_sn').on(table.schemeId, table.sn),
    uniqueIndex('hologram_deliveries_job').on(table.jobId),
  ],
);
