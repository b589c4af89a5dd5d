/** Cloud video recordings (issue 32; contracts video.ts): what devices upload to cloud storage. */
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from '../../core/db/devices.js';
import { companyRef, createdAt } from '../../core/db/schema.js';

/**
 * A recording a device asked to upload: its object (`recording/{companyId}_{md5}.mp4`) is listed
 * once the object store holds it (stored_objects). One row per device and start: a device that asks
 * again for the same recording (a restarted unit) is given a new token for the same row.
 */
export const videoRecordings = pgTable(
  'video_recordings',
  {
    id: serial('id').primaryKey(),
    companyId: companyRef(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('video_recordings_device_start').on(table.deviceId, table.startedAt),
    index('video_recordings_company').on(table.companyId, table.startedAt),
  ],
);
