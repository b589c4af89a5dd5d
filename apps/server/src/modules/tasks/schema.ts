/** The device tasks' tables (issue 16): firmware packages, tasks, and each device's job of a task. */
import { TASK_TYPES } from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tasks } from '../../core/db/jobs.js';
import { companyRef, createdAt } from '../../core/db/schema.js';

/** A firmware package a company uploaded through the object store (`firmware/{company}_{md5}.bin`). */
export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    model: text('model').notNull(),
    version: text('version').notNull(),
    releaseNotes: text('release_notes').notNull().default(''),
    /** The stored object: its md5 is in its name, checked on upload. */
    path: text('path').notNull(),
    size: integer('size').notNull(),
    md5: text('md5').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('firmware_packages_company_model_version').on(table.companyId, table.model, table.version),
  ],
);

/** The tasks of page device_maintenance and its summary: every job type but the algorithm mall's licences. */
export const maintenance = inArray(tasks.type, [...TASK_TYPES]);

/** A named configuration of a company (spec §1 configuration), for one model or ('') every model. */
export const configTemplates = pgTable(
  'config_templates',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    config: jsonb('config').$type<Record<string, Record<string, unknown>>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('config_templates_company_name').on(table.companyId, table.name)],
);
