/** The resources (spec §2.3 `resource_download`, `resource_management`; issue 32). */
import type { ResourceCategory, ResourceText } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, companyKeys, createdAt, timestamptz, updatedAt, users } from '../../core/db/schema.js';

/**
 * Downloadable files with their words in the three languages: the vendor's (`company_id` null,
 * keyed across operator loads by `code`) and the companies' own (`code` null). The file is an
 * object of the object store under `path` (`resource/{companyId}_{md5}.bin`, the vendor's under
 * company 0), its size and md5 recorded here.
 */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code'),
    category: text('category').$type<ResourceCategory>().notNull(),
    name: jsonb('name').$type<ResourceText>().notNull(),
    description: jsonb('description').$type<ResourceText>().notNull(),
    version: text('version').notNull(),
    models: jsonb('models').$type<string[]>().notNull().default([]),
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: text('md5').notNull(),
    /** Every download of it: signed-in, by a share link, by the official page. */
    downloads: integer('downloads').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('resources_vendor_code').on(table.code).where(sql`${table.companyId} is null`),
    index('resources_company').on(table.companyId, table.updatedAt),
  ],
);

/**
 * Share links of one resource (`kind` share) and the official page's grants (`kind` official, no
 * resource): a random token the server keeps only as its SHA-256, a company, an end, and whether it
 * was revoked. A link's downloads are counted on it.
 */
export const resourceLinks = pgTable(
  'resource_links',
  {
    ...companyKeys(),
    kind: text('kind').$type<'share' | 'official'>().notNull(),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    downloads: integer('downloads').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('resource_links_token').on(table.tokenHash),
    index('resource_links_resource').on(table.resourceId, table.createdAt),
  ],
);
