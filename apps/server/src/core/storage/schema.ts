/** The object store's index of stored files (objects.ts). */
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, createdAt } from '../db/schema.js';

/** Files of the object store (logos, verification images, …), kept under DATA_DIR/objects/{path}. */
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** `{folder}/{file}`, e.g. `license/12_9e107d9d372bb6826bd81d3542a419d6.png`. */
    path: text('path').notNull(),
    size: integer('size').notNull(),
    md5: text('md5').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('stored_objects_path').on(table.path)],
);
