/** The remote terminal's tables (spec §2.1 /telnet; issue 16): its tickets and its sessions. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, timestamptz } from '../../core/db/schema.js';

/**
 * A ticket opens one terminal, once, within TERMINAL_TICKET_SECONDS; only its hash is kept. It
 * carries the sign-in session that asked for it, because the terminal belongs to that session
 * (a ticket without one, issued before sessions were recorded, opens nothing), and the language
 * of the console that asked, in which the terminal says why it closed.
 */
export const terminalTickets = pgTable('terminal_tickets', {
  hash: text('hash').primaryKey(),
  companyId: companyRef(),
  deviceId: integer('device_id').notNull(),
  userId: integer('user_id').notNull(),
  sessionId: text('session_id'),
  language: text('language').notNull().default('zh-CN'),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

/**
 * A terminal session: one open per device (the partial unique index). Its server writes `seen_at`
 * while it lasts, so that one left open by a crashed server is known dead and gives way.
 */
export const terminalSessions = pgTable(
  'terminal_sessions',
  {
    id: text('id').primaryKey(),
    companyId: companyRef(),
    deviceId: integer('device_id').notNull(),
    sn: text('sn').notNull(),
    userId: integer('user_id').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
    endedAt: timestamptz('ended_at'),
    endReason: text('end_reason'),
    commands: integer('commands').notNull().default(0),
  },
  (table) => [
    uniqueIndex('terminal_sessions_open_device').on(table.deviceId).where(sql`ended_at is null`),
    index('terminal_sessions_company_started').on(table.companyId, table.startedAt),
  ],
);
