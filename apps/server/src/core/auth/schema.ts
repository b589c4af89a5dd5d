/** The sessions behind bearer tokens (tokens.ts), and the version of what a caller is made of. */

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, users } from '../db/schema.js';

/** One row per issued token: logout and password changes revoke it server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/**
 * One row: a number that every change to what the caller query reads (sessions, users, companies,
 * roles) raises in the same transaction, by triggers of migration 0011. A caller read at version v
 * is still exact while the version is v (caller.ts); the triggers, not the writers, keep it true,
 * so no write path can forget it.
 */
export const callerVersion = pgTable(
  'caller_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('caller_version_one_row', sql`${table.id} = 1`)],
);
