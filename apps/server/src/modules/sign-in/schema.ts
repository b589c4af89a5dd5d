/** What signing in and up keeps: SMS codes, captchas and scan sign-ins (its rate limits count in core/rate-limit). */
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, users } from '../../core/db/schema.js';

/**
 * SMS codes (spec §5.2): 6 digits, stored as a hash, single use, valid 10 minutes, at most 5 wrong
 * tries. `purpose` keeps a sign-up code from signing in and the other way round.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (table) => [index('sms_codes_phone').on(table.phone, table.createdAt)],
);

/** Slider puzzle captchas: the answer stays here; each one is solved at most once. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  /** Where the missing piece was cut out, in pixels from the left. */
  answerX: integer('answer_x').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/** Third-party messaging-app scan sign-ins: shown as a QR code, confirmed in the app. */
export const scanLogins = pgTable('scan_logins', {
  id: uuid('id').primaryKey(),
  /**
   * `login`: pending → confirmed (user_id set) → consumed, or refused (the app account is bound to
   * no one). `bind`: user_id is the signed-in user who asked; pending → consumed once bound, or
   * refused (the app account is another user's).
   */
  purpose: text('purpose').notNull().default('login'),
  state: text('state').notNull().default('pending'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * Which messaging-app account signs in as which user: one user per app account (the key) and one
 * app account per user and provider. `external_id` is WeChat's unionid (its openid when the app is
 * in no open-platform account).
 */
export const scanBindings = pgTable(
  'scan_bindings',
  {
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.externalId] }),
    uniqueIndex('scan_bindings_user').on(table.provider, table.userId),
  ],
);
