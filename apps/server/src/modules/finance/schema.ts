/** The money tables (issue 17): each company's balance and the ledger that explains it. */
import type {
  ChargeProduct,
  CouponSource,
  CouponState,
  CouponTransferFailure,
  CouponTransferState,
  InvoiceDetails,
  LedgerKind,
  RechargeState,
} from '@vap/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  companies,
  companyKeys,
  companyRef,
  createdAt,
  timestamptz,
  updatedAt,
  users,
} from '../../core/db/schema.js';

/**
 * A company's balance in fen. Changed only together with a ledger entry (ledger.ts), by one
 * conditional statement that never takes it below zero.
 */
export const companyBalances = pgTable('company_balances', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/** Every change of a balance, immutable: never updated nor deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    /** Fen: positive credits, negative debits. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** What caused it; '' when nothing names it. Unique per company and kind otherwise. */
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** What a charge pays for (page consume_record); null for every other kind. */
    product: text('product').$type<ChargeProduct>(),
    /** Who caused it: a user, or none (the billing run, the operator's command). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_entries_reference')
      .on(table.companyId, table.kind, table.reference)
      .where(sql`reference <> ''`),
    index('ledger_entries_company_created').on(table.companyId, table.createdAt),
  ],
);

/**
 * A company's money settings and state (GET/PUT /finance): the low-balance warning's threshold,
 * the invoice details, whether paid services are suspended for want of balance, and whether the
 * owner was already warned of the balance being low (one message per fall below the threshold).
 */
export const companyFinance = pgTable('company_finance', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lowBalanceThreshold: bigint('low_balance_threshold', { mode: 'number' }).notNull(),
  invoice: jsonb('invoice').$type<InvoiceDetails>(),
  suspended: boolean('suspended').notNull().default(false),
  lowBalanceWarned: boolean('low_balance_warned').notNull().default(false),
  /** The month (`2026-12`) the owner was last told the balance will not cover its packages. */
  renewalWarnedFor: text('renewal_warned_for'),
  updatedAt: updatedAt(),
});

/**
 * Online recharges: each order waits for its payment at the provider, then is paid (its ledger
 * entry written in the same transaction), cancelled or expired. `provider_ref` is the provider's
 * handle of the payment (for the development provider, the token of its payment page; for a real
 * gateway, the order number, its `out_trade_no`).
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    ...companyKeys(),
    number: text('number').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: text('state').$type<RechargeState>().notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    payUrl: text('pay_url').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    closedAt: timestamptz('closed_at'),
    /**
     * When a cancelled or expired order of a real gateway was closed there too (so that it can no
     * longer be paid); null while that is still to do (the finance schedule retries it).
     */
    gatewayClosedAt: timestamptz('gateway_closed_at'),
  },
  (table) => [
    index('recharge_orders_company_created').on(table.companyId, table.createdAt),
    index('recharge_orders_pending').on(table.expiresAt).where(sql`state = 'pending'`),
    index('recharge_orders_gateway_open')
      .on(table.closedAt)
      .where(
        sql`state in ('cancelled', 'expired') and gateway_closed_at is null and provider <> 'development'`,
      ),
  ],
);

/** Vouchers (page coupon): each held by one company until redeemed, transferred or expired. */
export const coupons = pgTable(
  'coupons',
  {
    ...companyKeys(),
    code: text('code').notNull().unique(),
    value: bigint('value', { mode: 'number' }).notNull(),
    source: text('source').$type<CouponSource>().notNull(),
    /** `expired` is read from `valid_until`; stored are unused, used, transferring, transferred. */
    state: text('state').$type<CouponState>().notNull().default('unused'),
    validFrom: timestamptz('valid_from').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('coupons_company').on(table.companyId, table.id)],
);

/** A voucher's transfer to a first-level customer, credited by the finance schedule. */
export const couponTransfers = pgTable(
  'coupon_transfers',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    fromCompanyId: integer('from_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    toCompanyId: integer('to_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    state: text('state').$type<CouponTransferState>().notNull().default('pending'),
    reason: text('reason').$type<CouponTransferFailure>(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamptz('requested_at').notNull(),
    doneAt: timestamptz('done_at'),
  },
  (table) => [
    index('coupon_transfers_coupon').on(table.couponId, table.id),
    index('coupon_transfers_pending').on(table.requestedAt).where(sql`state = 'pending'`),
  ],
);

/** Invoice requests (page invoice_record): invoicing until the operator issues them. */
export const invoices = pgTable(
  'invoices',
  {
    ...companyKeys(),
    number: text('number').notNull().unique(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: text('state').$type<'invoicing' | 'invoiced'>().notNull().default('invoicing'),
    /** The details as they were when it was asked. */
    details: jsonb('details').$type<InvoiceDetails>().notNull(),
    invoiceNumber: text('invoice_number').notNull().default(''),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamptz('requested_at').notNull(),
    issuedAt: timestamptz('issued_at'),
  },
  (table) => [index('invoices_company').on(table.companyId, table.id)],
);

/** The orders an invoice covers: each order in one invoice at most. */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => rechargeOrders.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
  },
  (table) => [index('invoice_orders_invoice').on(table.invoiceId)],
);
