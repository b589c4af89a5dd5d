/** The object store's index of stored files (objects.ts). */
import { bigint, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * Uploads in parts not yet completed (objects.ts `PartUploads`), one per object path: starting the
 * upload of a path again resumes it. The parts received are recorded here by the server itself, as
 * an S3-compatible store may not list them.
 */
export const objectUploads = pgTable(
  'object_uploads',
  {
    /** A random UUID, the upload's id in its URLs. */
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    /** The backend's name of the upload (an S3 UploadId, a local folder) and where its parts assemble. */
    backendId: text('backend_id').notNull(),
    staging: text('staging').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('object_uploads_path').on(table.path)],
);

/** The parts of an upload in parts that have arrived, with the ETag the store answered for each. */
export const objectUploadParts = pgTable(
  'object_upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => objectUploads.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    etag: text('etag').notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.number] })],
);
