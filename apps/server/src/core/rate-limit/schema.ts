/** The counters of the rate limiter (limiter.ts). */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/schema.js';

/** Fixed-window counters of the rate limits (sign-in per account and IP, SMS per phone,
 * device verification per user, …). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
