/** The algorithm mall (spec §1, §2.3 `algmall_product_*`). */
import type { AuthorisationMode, DeviceKind, LocalizedText } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyKeys, createdAt, timestamptz, updatedAt } from '../../core/db/schema.js';

/**
 * The vendor's algorithms, the same for every company, loaded by the operator
 * (`npm run ops -- algmall:products`) and keyed across loads by `code`. The catalogue is a vendor's
 * price list — tens of products, at most a file's thousand — so the list's filters and orders read
 * it whole: an index per language of the name and summary would cost every load and save nothing.
 */
export const algmallProducts = pgTable(
  'algmall_products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    /** Words in each language of the console (zh-CN, en, zh-TW). */
    name: jsonb('name').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    detail: jsonb('detail').$type<LocalizedText>().notNull(),
    /** The detail's images in order; the first is the card's cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    version: text('version').notNull(),
    /** The device kinds it runs on: the list's kind filter is `kind = any(kinds)`. */
    kinds: text('kinds').array().$type<DeviceKind[]>().notNull(),
    /** The device models it runs on; none: every model of its kinds. */
    models: jsonb('models').$type<string[]>().notNull().default([]),
    /** Price of one authorisation, in fen. */
    priceFen: integer('price_fen').notNull(),
    /** Days of a trial authorisation; null: the product has no trial. */
    trialDays: integer('trial_days'),
    createdAt: createdAt(),
    /** When a load last changed it (a load that changes nothing leaves it). */
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('algmall_products_code').on(table.code)],
);

/**
 * A company's orders of authorisations (spec §3 Order): bought at the product's price of that moment,
 * charged to the balance by the ledger entry whose reference is the order's number. `used` and
 * `returned` count the authorisations taken from it and given back by failed ones; what remains is
 * purchased − used + returned. `request_id` is the console's key of one purchase: unique per company,
 * so a purchase sent twice, even at the same moment, is one order and one charge.
 */
export const algmallOrders = pgTable(
  'algmall_orders',
  {
    ...companyKeys(),
    number: text('number').notNull().unique(),
    /** A product stays while orders name it: the catalogue's load never deletes one. */
    productId: integer('product_id')
      .notNull()
      .references(() => algmallProducts.id),
    purchased: integer('purchased').notNull(),
    used: integer('used').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    /** Fen: the price at purchase times the quantity. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Fen of one authorisation when it was bought. */
    priceFen: integer('price_fen').notNull(),
    requestId: uuid('request_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('algmall_orders_company_request').on(table.companyId, table.requestId),
    index('algmall_orders_company_created').on(table.companyId, table.createdAt),
  ],
);

/**
 * One device's authorisation of a product (spec §2.3 algmall_onauth, algmall_offauth; §4.3). Online,
 * its licence travels as a job of the task engine (`job_id`; the job's state is its state); offline,
 * the customer carries the licence file to the device. Each holds one authorisation of an order while
 * it is in progress or installed: `order_id` is the order it was taken from last, `returned` whether
 * that one was given back (the job failed, was cancelled or timed out). A retry takes one again,
 * oldest order first, so an order's counts always add up: remaining = purchased − used + returned.
 */
export const algmallAuthorisations = pgTable(
  'algmall_authorisations',
  {
    ...companyKeys(),
    mode: text('mode').$type<AuthorisationMode>().notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => algmallProducts.id),
    /** The device while bound to the company; kept by its serial, which the licence names, when not. */
    deviceId: integer('device_id'),
    sn: text('sn').notNull(),
    /** Offline: the hardware id of its fingerprint file, which its licence names. */
    hardwareId: text('hardware_id'),
    /** The task engine's job of an online one (task_jobs: its state, reason, attempts). */
    jobId: bigint('job_id', { mode: 'number' }),
    orderId: integer('order_id').references(() => algmallOrders.id),
    returned: boolean('returned').notNull().default(false),
    /** A trial's end: it took no authorisation, and its licence expires then. */
    trialUntil: timestamptz('trial_until'),
    createdAt: createdAt(),
  },
  (table) => [
    index('algmall_authorisations_company_created').on(table.companyId, table.createdAt),
    uniqueIndex('algmall_authorisations_job').on(table.jobId),
    // One trial per device and product, whatever became of it.
    uniqueIndex('algmall_authorisations_trial')
      .on(table.companyId, table.productId, table.sn)
      .where(sql`${table.trialUntil} is not null`),
  ],
);
