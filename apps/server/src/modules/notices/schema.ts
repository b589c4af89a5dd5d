/** Notices and messages (spec §7.4). */
import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, users } from '../../core/db/schema.js';

/** System notices (spec §7.4), published by the platform operator to every company. */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
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
    readAt: timestamptz('read_at').notNull().defaultNow(),
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
