/** The detection lab (spec §2.3 `algmall_detect_lab`; issue 31). */
import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, timestamptz } from '../../core/db/schema.js';

/** Bytes as PostgreSQL's bytea: a Buffer in, a Buffer out (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The trial images a company uploaded for its detections: at most 2M each (spec §5.6), kept an hour
 * and at most a few per company (images.ts), then deleted by the next upload.
 */
export const lvlmLabImages = pgTable(
  'lvlm_lab_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    /** `image/png` or `image/jpeg`, read from its content. */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('lvlm_lab_images_company').on(table.companyId, table.createdAt),
    index('lvlm_lab_images_expiry').on(table.expiresAt),
  ],
);
