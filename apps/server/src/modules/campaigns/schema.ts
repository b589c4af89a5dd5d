/** Campaigns (spec §1, §2.3 `promotion_info`, `trade_in`, §3 trade-in application, §4.3). */
import type {
  CampaignKind,
  CampaignTerms,
  LocalizedText,
  TradeInLine,
  TradeInStatus,
  VoucherTransferFailure,
  VoucherTransferStatus,
} from '@vap/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, companyKeys, timestamptz } from '../../core/db/schema.js';

/**
 * The vendor's campaigns, the same for every company: a window, terms and words in the three
 * languages. Migrations carry the spec's campaigns; the demo adds a current window by `code`.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').$type<CampaignKind>().notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    rules: jsonb('rules').$type<LocalizedText>().notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    terms: jsonb('terms').$type<CampaignTerms>().notNull(),
  },
  (table) => [uniqueIndex('campaigns_code').on(table.code)],
);

/** The old-device models a trade-in accepts; `own_brand`: one of the vendor's brands. */
export const tradeInModels = pgTable(
  'trade_in_models',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    ownBrand: boolean('own_brand').notNull(),
  },
  (table) => [uniqueIndex('trade_in_models_brand_model').on(table.brand, table.model)],
);

/**
 * A company's trade-in application (spec §3): its lines as they were when submitted (brand, model,
 * own brand, quantity), the vouchers they earn and their value under the campaign's terms then.
 * Reviewed once (a conditional update of `status`); an approved one is credited once by the
 * finance schedule, which sets `credited_at` in the transaction that issues its vouchers.
 */
export const tradeInApplications = pgTable(
  'trade_in_applications',
  {
    ...companyKeys(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    lines: jsonb('lines').$type<TradeInLine[]>().notNull(),
    trackingNumber: text('tracking_number').notNull(),
    status: text('status').$type<TradeInStatus>().notNull().default('pending'),
    reason: text('reason'),
    vouchers: integer('vouchers').notNull(),
    voucherValueFen: integer('voucher_value_fen').notNull(),
    voucherValidDays: integer('voucher_valid_days').notNull(),
    submittedBy: integer('submitted_by'),
    submittedAt: timestamptz('submitted_at').notNull(),
    reviewedAt: timestamptz('reviewed_at'),
    creditedAt: timestamptz('credited_at'),
  },
  (table) => [
    index('trade_in_applications_company').on(table.companyId, table.id),
    index('trade_in_applications_to_credit')
      .on(table.reviewedAt)
      .where(sql`status = 'approved' and credited_at is null`),
  ],
);

/**
 * A company's voucher transfer with a quantity (spec §3 coupon transfer, §4.3): to a cooperating
 * first-level customer, success — its vouchers moved in the transaction that wrote it — or failed
 * with the reason, nothing moved (written after the refused transaction rolled back).
 */
export const voucherTransfers = pgTable(
  'voucher_transfers',
  {
    ...companyKeys(),
    toCompanyId: integer('to_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    valueFen: integer('value_fen').notNull(),
    status: text('status').$type<VoucherTransferStatus>().notNull(),
    reason: text('reason').$type<VoucherTransferFailure>(),
    requestedBy: integer('requested_by'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('voucher_transfers_company').on(table.companyId, table.id)],
);

/**
 * A balance exchange (spec §2.4): the balance it spent (a ledger entry of kind `voucher_exchange`
 * whose reference names this row) and the vouchers it credited, all in one transaction.
 */
export const balanceExchanges = pgTable(
  'balance_exchanges',
  {
    ...companyKeys(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    quantity: integer('quantity').notNull(),
    spentFen: integer('spent_fen').notNull(),
    voucherValueFen: integer('voucher_value_fen').notNull(),
    requestedBy: integer('requested_by'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('balance_exchanges_company').on(table.companyId, table.id)],
);
