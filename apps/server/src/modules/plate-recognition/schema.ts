/** Plate recognition (spec §1, §2.3 `prs_trial`, `prs_detail`, §9). */
import type { PlateColor, PlateType, PrsBilling } from '@vap/contracts';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyKeys, companyRef, createdAt, timestamptz } from '../../core/db/schema.js';

/**
 * A company's resource packages: `calls` recognitions paid at purchase (the ledger charge whose
 * reference is `number`), valid until `expires_at` (a year after purchase, spec §9), never renewed or
 * refunded. A call takes one by `used = used + 1` where `used < calls`, so none is used twice over.
 */
export const prsPackages = pgTable(
  'prs_packages',
  {
    ...companyKeys(),
    number: text('number').notNull().unique(),
    offer: text('offer').notNull(),
    calls: integer('calls').notNull(),
    used: integer('used').notNull().default(0),
    /** Fen paid. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The console's key of one purchase: a purchase sent twice is one package and one charge. */
    requestId: uuid('request_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    uniqueIndex('prs_packages_company_request').on(table.companyId, table.requestId),
    index('prs_packages_company_expires').on(table.companyId, table.expiresAt),
  ],
);

/**
 * The company's per-call-billed calls of an accounting month (`2026-11`, Asia/Shanghai): the
 * rank of the next one is `n + 1`. One row per company and month, incremented by one statement in
 * the transaction of the call's charge: concurrent calls of the company wait on it in turn, so
 * ranks are 1, 2, 3… without gap or repeat, and a call refused for want of balance gives its rank
 * back with its rollback.
 */
export const prsMonthCounters = pgTable(
  'prs_month_counters',
  {
    companyId: companyRef(),
    month: text('month').notNull(),
    n: integer('n').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.month] })],
);

/**
 * Every recognition that read a plate, as the detail page lists it: when, the plate, how it was
 * paid (package, per call with its rank and price, or a trial) — written in the transaction of its
 * payment, so a call is recorded exactly when it is billed.
 */
export const prsCalls = pgTable(
  'prs_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    at: timestamptz('at').notNull(),
    /** The accounting month (`2026-11`) and day (`2026-11-28`) of `at`, Asia/Shanghai. */
    month: text('month').notNull(),
    day: text('day').notNull(),
    plate: text('plate').notNull(),
    plateType: text('plate_type').$type<PlateType>().notNull(),
    color: text('color').$type<PlateColor>().notNull(),
    confidence: real('confidence').notNull(),
    billing: text('billing').$type<PrsBilling>().notNull(),
    packageId: integer('package_id').references(() => prsPackages.id),
    /** Per call: its rank in the month and the fen charged. */
    rank: integer('rank'),
    amount: integer('amount').notNull().default(0),
  },
  (table) => [
    index('prs_calls_company_at').on(table.companyId, table.at),
    index('prs_calls_company_month').on(table.companyId, table.month),
  ],
);
