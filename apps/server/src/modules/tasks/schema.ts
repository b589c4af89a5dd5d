/** The device tasks' tables (issue 16): firmware packages, tasks, and each device's job of a task. */
import { TASK_TYPES } from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tasks } from '../../core/db/jobs.js';
import { companyKeys, createdAt, updatedAt } from '../../core/db/schema.js';

/** A firmware package a company uploaded through the object store (`firmware/{company}_{md5}.bin`). */
export const firmwarePackages = pgTable(
  'firmware_packages',
  {
    ...companyKeys(),
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
    ...companyKeys(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    config: jsonb('config').$type<Record<string, Record<string, unknown>>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('config_templates_company_name').on(table.companyId, table.name)],
);
