/** The audit log's table (recorder.ts). */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { companies, createdAt } from '../db/schema.js';

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
