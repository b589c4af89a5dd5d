/**
 * The relational schema. `npm run db:generate -w @vap/server` turns changes here into a migration
 * under `apps/server/drizzle`; PGlite and PostgreSQL run the same migrations.
 */
import type { MenuItemType, MenusMap } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
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
  createdAt: createdAt(),
});

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
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('roles_company_name').on(table.companyId, table.name)],
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
    /** 0 is the company owner; otherwise a row of `roles`. */
    roleId: integer('role_id').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
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
  },
  (table) => [uniqueIndex('menu_items_parent_name').on(table.parentId, table.name)],
);

export const schema = { companies, roles, users, sessions, menuItems };
