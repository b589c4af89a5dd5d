/**
 * The relational schema. `npm run db:generate -w @vap/server` turns changes here into a migration
 * under `apps/server/drizzle`; PGlite and PostgreSQL run the same migrations.
 */
import type { MenuItemType, MenusMap } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    /** Stored object path of the logo, empty when none. */
    logo: text('logo').notNull().default(''),
    businessLicense: text('business_license').notNull().default(''),
    idHuman: text('id_human').notNull().default(''),
    idEmblem: text('id_emblem').notNull().default(''),
    verifyStatus: smallint('verify_status').notNull().default(0),
    /** Product flags of spec §3: 0 means enabled. */
    cbs: smallint('cbs').notNull().default(1),
    lvlmLab: smallint('lvlm_lab').notNull().default(1),
    rsrcMgt: smallint('rsrc_mgt').notNull().default(1),
    voip: smallint('voip').notNull().default(1),
    /** The upstream company this one is a downstream customer of (spec §6, §7.2 `/children`). */
    parentId: integer('parent_id').references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('companies_parent').on(table.parentId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Menu name → allowed button names (spec §3). */
    menus: jsonb('menus').$type<MenusMap>().notNull().default({}),
    isAccessAllGroup: boolean('is_access_all_group').notNull().default(false),
    groupIds: jsonb('group_ids').$type<number[]>().notNull().default([]),
    /** The company's default role (spec §6): made with the company, offered first, never deleted. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('roles_company_name').on(table.companyId, table.name),
    uniqueIndex('roles_company_default').on(table.companyId).where(sql`${table.isDefault}`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    phone: text('phone'),
    email: text('email'),
    /** argon2id of the md5 hex digest the console sends; null until the user sets a password. */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    remark: text('remark').notNull().default(''),
    /**
     * 0 is the company owner; otherwise a row of `roles`. Null exactly when the user has no company:
     * a role only means something within one, and 0 alone must never read as an owner (spec §6).
     */
    roleId: integer('role_id'),
    createdAt: createdAt(),
  },
  (table) => [
    check('users_role_with_company', sql`(${table.companyId} is null) = (${table.roleId} is null)`),
    uniqueIndex('users_phone').on(table.phone).where(sql`${table.phone} is not null`),
    uniqueIndex('users_email').on(sql`lower(${table.email})`).where(sql`${table.email} is not null`),
    index('users_company').on(table.companyId),
  ],
);

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

/** The server's menu catalogue of spec §2.3, seeded by migration. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    /** 0 for top-level items. */
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
    type: text('type').$type<MenuItemType>().notNull(),
    path: text('path').notNull().default(''),
    title: text('title').notNull().default(''),
    icon: text('icon').notNull().default(''),
    isHidden: boolean('is_hidden').notNull().default(false),
    isDisable: boolean('is_disable').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** The console plugin that installed the item from its manifest; '' for the built-in catalogue. */
    plugin: text('plugin').notNull().default(''),
    /**
     * The plugin was removed: the item leaves every menu but keeps its id, which the plugin's next
     * install takes again (role grants are kept by name and apply again then).
     */
    removed: boolean('removed').notNull().default(false),
  },
  (table) => [uniqueIndex('menu_items_parent_name').on(table.parentId, table.name)],
);

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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('sms_codes_phone').on(table.phone, table.createdAt)],
);

/** Slider puzzle captchas: the answer stays here; each one is solved at most once. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  /** Where the missing piece was cut out, in pixels from the left. */
  answerX: integer('answer_x').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Fixed-window counters of the rate limits (sign-in per account and IP, SMS per phone, …). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Third-party messaging-app scan sign-ins: shown as a QR code, confirmed in the app. */
export const scanLogins = pgTable('scan_logins', {
  id: uuid('id').primaryKey(),
  /** pending → confirmed (user_id set) → consumed; or expired. */
  state: text('state').notNull().default('pending'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

/** System notices (spec §7.4), published by the platform operator to every company. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('notices_published').on(table.publishedAt)],
);

/** Which user read which notice. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.noticeId, table.userId] })],
);

/** Notifications of one user (spec §7.4 messages); `state` 0 = unread, 1 = read. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. `verification`, `security`, `system`. */
    kind: text('kind').notNull().default('system'),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('messages_user_state').on(table.userId, table.state)],
);

/**
 * Access keys of the open platform (spec §3): a key signs open-API requests as its company's owner,
 * limited to its operations and groups. The id is public; the secret is kept sealed
 * (AES-256-GCM under a key derived from the server secret, see access-keys/secret-box.ts) because
 * the server needs it again to check signatures. Valid ten years from creation, not changeable.
 */
export const accessKeys = pgTable(
  'access_keys',
  {
    /** 16 letters and digits. */
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyId, table.nonce] }),
    index('access_key_nonces_expires').on(table.expiresAt),
  ],
);

/**
 * The audit log: one row per write (who, when, what, before/after with secrets redacted), scoped
 * to the company of the user who wrote; null when they had none (sign-up), which no page lists.
 * `user_id` has no foreign key: an entry outlives its user, and keeps their phone and nickname.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    userPhone: text('user_phone').notNull().default(''),
    userNickname: text('user_nickname').notNull().default(''),
    /** e.g. `system.role.update` (AUDIT_ACTIONS of @vap/contracts). */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip').notNull().default(''),
    /** The access key a signed open-API request used (then the actor is the company's owner). */
    accessKeyId: text('access_key_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_logs_company_time').on(table.companyId, table.createdAt),
    index('audit_logs_company_user_time').on(table.companyId, table.userId, table.createdAt),
  ],
);

export const schema = {
  companies,
  roles,
  users,
  sessions,
  menuItems,
  smsCodes,
  captchas,
  rateLimits,
  scanLogins,
  storedObjects,
  notices,
  noticeReads,
  messages,
  accessKeys,
  accessKeyNonces,
  auditLogs,
};
