/** Cloud video recordings (issue 32; contracts video.ts): what devices upload to cloud storage. */
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { devices } from '../../core/db/devices.js';
import { companyKeys, createdAt, timestamptz } from '../../core/db/schema.js';

/**
 * A recording a device asked to upload: its object (`recording/{companyId}_{md5}.mp4`) is listed
 * once the object store holds it (stored_objects). One row per device and start: a device that asks
 * again for the same recording (a restarted unit) is given a new token for the same row.
 */
export const videoRecordings = pgTable(
  'video_recordings',
  {
    ...companyKeys(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('video_recordings_device_start').on(table.deviceId, table.startedAt),
    index('video_recordings_company').on(table.companyId, table.startedAt),
  ],
);
