/** The sessions behind bearer tokens (tokens.ts). */
import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../db/schema.js';

/** One row per issued token: logout and password changes revoke it server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user').on(table.userId)],
);
