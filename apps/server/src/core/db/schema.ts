/**
 * The tables every layer reads: companies, their roles and their users (spec §3, §6); the fleet's
 * are beside them in devices.ts. Each other table is declared by the part of the server that owns
 * it, in a `schema.ts` beside its code; the drizzle config collects them all, so `npm run
 * db:generate -w @vap/server` turns a change in any of them into one migration under
 * `apps/server/drizzle` (PGlite and PostgreSQL run the same ones).
 */
import type { CompanyPlan, MenusMap } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A point in time with its time zone: what every time column of the schema is. */
export const timestamptz = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true });

/** The creation time column every table has. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When a row that can be edited was last changed. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

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
    /** `free` or `standard` (spec §6: the free plan has no remote terminal); new companies start free. */
    plan: text('plan').$type<CompanyPlan>().notNull().default('free'),
    createdAt: createdAt(),
  },
  (table) => [index('companies_parent').on(table.parentId)],
);

/** The company a row belongs to, deleted with it: the column most tables have. */
export const companyRef = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** The first columns of a company's row: its own serial id, and its company (`companyRef`). */
export const companyKeys = () => ({ id: serial('id').primaryKey(), companyId: companyRef() });

export const roles = pgTable(
  'roles',
  {
    ...companyKeys(),
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
