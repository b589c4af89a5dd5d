/** Access keys of the open platform and the nonces of their signed requests. */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, timestamptz } from '../../core/db/schema.js';

/**
 * Access keys of the open platform (spec §3): a key signs open-API requests as its company's owner,
 * limited to its operations and groups. The id is public; the secret is kept sealed
 * (AES-256-GCM under a key derived from the server secret, see core/crypto/secret-box.ts) because
 * the server needs it again to check signatures. Valid ten years from creation, not changeable.
 */
export const accessKeys = pgTable(
  'access_keys',
  {
    /** 16 letters and digits. */
    id: text('id').primaryKey(),
    companyId: companyRef(),
    /** `v1.` + base64url(iv ‖ tag ‖ ciphertext) of the 32-character secret. */
    secretSealed: text('secret_sealed').notNull(),
    /** The stream bandwidth limit in quarters of a Mbps (spec §9: multiples of 0.25 Mbps). */
    bandwidthQuarters: integer('bandwidth_quarters').notNull(),
    isAccessAllGroup: boolean('is_access_all_group').notNull().default(false),
    groupIds: jsonb('group_ids').$type<number[]>().notNull().default([]),
    /** Operation ids of the open API the key may call. */
    operations: jsonb('operations').$type<string[]>().notNull().default([]),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [index('access_keys_company').on(table.companyId)],
);

/**
 * Nonces of signed requests, remembered while their timestamp is acceptable: a nonce is taken by an
 * atomic insert (`on conflict … where expired`), so a replay is refused on every server sharing the
 * database, as with `rate_limits`. Expired rows are deleted now and then.
 */
export const accessKeyNonces = pgTable(
  'access_key_nonces',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => accessKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyId, table.nonce] }),
    index('access_key_nonces_expires').on(table.expiresAt),
  ],
);
