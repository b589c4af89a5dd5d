/**
 * Money (spec §1 finance, §3 Order, §9; issue 17). Every amount is an integer of minor units
 * (fen, 1/100 yuan) — in storage, arithmetic and every payload; never a floating-point number.
 * Shown divided by 100 with two decimals and a currency symbol (spec §9).
 */
import { z } from 'zod';
import { patterns } from './checks.js';
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import { idOf, idSchema } from './ids.js';
import { type FilterSpec, filterTextSchema, instantSchema, listQuerySchema } from './list.js';
import { fenOfYuan, formatFen, RECHARGE_MAX_FEN } from './money.js';
import { requiredTextSchema, wholeNumberSchema } from './validators.js';

/** An amount in fen: a whole number, within what the ledger keeps. */
export const fenSchema = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/**
 * What moves a balance, each an immutable ledger entry: a recharge paid online, a bank transfer
 * credited by the operator, a charge (cloud packages, later the algorithm mall and plate
 * recognition), a coupon credited, a refund, an operator's adjustment, balance spent on vouchers
 * (a balance-exchange campaign).
 */
export const LEDGER_KINDS = [
  'recharge',
  'bank_transfer',
  'charge',
  'coupon',
  'refund',
  'adjustment',
  'voucher_exchange',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** Fen: positive credits, negative debits. */
  amount: z.number().int(),
  /** The balance right after it, fen. */
  balance_after: z.number().int(),
  /** What caused it: an order number, a bank reference, a package month. */
  reference: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

// ---- recharge (spec §1, §5.7, §9) ---------------------------------------------------------------

/** An amount to recharge in fen: more than 0 and at most 999,999.99 yuan (spec §5.7, §9). */
export const rechargeAmountSchema = wholeNumberSchema(1, RECHARGE_MAX_FEN, 'validation.rechargeAmount');

/** The recharge form's amount as typed, in yuan (`"1200.50"`), read as fen. */
export const rechargeAmountTextSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .transform((text, context) => {
    const fen = fenOfYuan(text);
    if (fen === null || fen < 1 || fen > RECHARGE_MAX_FEN) {
      context.addIssue({ code: 'custom', message: 'validation.rechargeAmount' });
      return z.NEVER;
    }
    return fen;
  });

/** The online recharge form: `amount` in yuan as typed, fen once valid. */
export const rechargeFormSchema = z.object({ amount: rechargeAmountTextSchema });

/** POST recharges: an online payment of `amount` fen. */
export const rechargeBodySchema = z.object({ amount: rechargeAmountSchema });
export type RechargeBody = z.infer<typeof rechargeBodySchema>;

/**
 * A recharge order's states: waiting for the payment, paid (the balance credited in the same
 * transaction), cancelled by the payer or the company, expired unpaid after the payment window.
 */
export const RECHARGE_STATES = ['pending', 'paid', 'cancelled', 'expired'] as const;
export type RechargeState = (typeof RECHARGE_STATES)[number];

/** How long an order waits for its payment before it expires. */
export const RECHARGE_PAYMENT_MINUTES = 30;

export const rechargeOrderSchema = z.object({
  id: z.number().int(),
  /** The order number the payment and the ledger entry refer to (`R` and 12 digits). */
  number: z.string(),
  amount: z.number().int(),
  state: z.enum(RECHARGE_STATES),
  /** The payment provider (`development` on a development server). */
  provider: z.string(),
  /**
   * Where the payer pays, while the order is pending; '' after. A `weixin://` address (WeChat Pay
   * Native) is shown as a QR code to scan; any other is opened (a path of this console, a gateway's page).
   */
  pay_url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** When it was paid, cancelled or expired. */
  closed_at: z.string().nullable(),
});
export type RechargeOrder = z.infer<typeof rechargeOrderSchema>;

/** `wheres` of the recharge orders. */
export const RECHARGE_FILTERS = {
  state: { '=': z.enum(RECHARGE_STATES) },
  number: { like: filterTextSchema(32) },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;

/**
 * Where to send a bank transfer (spec §9: credited in about 2 working days, by the operator's
 * `finance:credit`). The company's id goes in the transfer's remark so that it can be matched.
 */
export const bankTransferSchema = z.object({
  account_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  /** What the payer writes as the transfer's remark. */
  remark: z.string(),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

// ---- the development payment page (docs/operations.md) -----------------------------------------

/** What the development payment page shows of the order it was opened for. */
export const devPaymentSchema = z.object({
  number: z.string(),
  amount: z.number().int(),
  company: z.string(),
  state: z.enum(RECHARGE_STATES),
  expires_at: z.string(),
});
export type DevPayment = z.infer<typeof devPaymentSchema>;

/** The payer's answer on the development payment page. */
export const devPaymentBodySchema = z.object({ action: z.enum(['confirm', 'cancel']) });

// ---- balance, warnings, invoice details (GET / PUT /finance, spec §7.2) -------------------------

/** The invoice details of spec §3 Invoice and §5.7: all required, the email checked. */
export const invoiceDetailsSchema = z.object({
  tax_id: requiredTextSchema.regex(/^[0-9A-Za-z]{1,30}$/, 'validation.taxId'),
  bank_name: requiredTextSchema.max(100, 'validation.bankName'),
  bank_number: requiredTextSchema.regex(/^[0-9][0-9 -]{0,39}$/, 'validation.bankNumber'),
  address: requiredTextSchema.max(200, 'validation.invoiceAddress'),
  email: requiredTextSchema.regex(patterns.email, 'validation.email'),
});
export type InvoiceDetails = z.infer<typeof invoiceDetailsSchema>;

/** The low-balance warning's default threshold: ¥100.00. */
export const DEFAULT_LOW_BALANCE_FEN = 10_000;

/**
 * A company's money at a glance (GET /finance): the balance, this calendar month's spending, the
 * warning threshold and whether the balance is under it, whether paid services are suspended
 * (spec §4.3), the invoice details (null until given) and where to send a bank transfer.
 */
export const financeSchema = z.object({
  balance: z.number().int(),
  month_spending: z.number().int(),
  low_balance_threshold: z.number().int(),
  low_balance: z.boolean(),
  suspended: z.boolean(),
  invoice: invoiceDetailsSchema.nullable(),
  bank_transfer: bankTransferSchema,
});
export type Finance = z.infer<typeof financeSchema>;

/** The low-balance warning's threshold in fen: 0 (never warn) to 999,999.99 yuan. */
export const lowBalanceThresholdSchema = wholeNumberSchema(0, RECHARGE_MAX_FEN, 'validation.lowBalance');

/** PUT /finance: the invoice details, the warning threshold, or both. */
export const financeUpdateSchema = z
  .object({
    invoice: invoiceDetailsSchema.optional(),
    low_balance_threshold: lowBalanceThresholdSchema.optional(),
  })
  .refine((body) => body.invoice !== undefined || body.low_balance_threshold !== undefined, {
    message: 'validation.required',
  });
export type FinanceUpdate = z.infer<typeof financeUpdateSchema>;

// ---- consumption records (page consume_record) --------------------------------------------------

/** What a charge pays for: cloud packages, and later the algorithm mall and plate recognition. */
export const CHARGE_PRODUCTS = ['cloud_backup', 'cloud_video', 'algmall', 'prs'] as const;
export type ChargeProduct = (typeof CHARGE_PRODUCTS)[number];

/** One charge: a debit of the ledger, shown as a positive amount spent. */
export const consumptionSchema = z.object({
  id: z.number().int(),
  product: z.enum(CHARGE_PRODUCTS),
  /** Fen spent (positive). */
  amount: z.number().int(),
  balance_after: z.number().int(),
  /** What it was for: a device's serial and package month, an order number. */
  reference: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type Consumption = z.infer<typeof consumptionSchema>;

/**
 * The threshold form: yuan as typed, fen once valid. Text that is no amount of yuan (more than two
 * decimals, a letter) becomes NaN, which the threshold's rule refuses with its own message.
 */
export const lowBalanceFormSchema = z.object({
  low_balance_threshold: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .transform((text) => fenOfYuan(text) ?? Number.NaN)
    .pipe(lowBalanceThresholdSchema),
});

/** Fen as the yuan a form field shows, without floating point: 123456 → "1234.56". */
export const yuanText = (fen: number): string => formatFen(fen, '').replaceAll(',', '');

/** A page of charges and the total spent by every charge the filters match. */
export const consumptionPageSchema = z.object({
  items: z.array(consumptionSchema),
  total: z.number().int().nonnegative(),
  amount_total: z.number().int(),
});
export type ConsumptionPage = z.infer<typeof consumptionPageSchema>;

/** `wheres` of the consumption records and their export. */
export const CONSUMPTION_FILTERS = {
  product: { '=': z.enum(CHARGE_PRODUCTS) },
  reference: { like: filterTextSchema(64) },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;

/** Sort keys; newest first by default. */
export const CONSUMPTION_ORDER_KEYS = ['created_at', 'amount'] as const;

/** The export takes the same `wheres`; refused beyond this many rows (spec §8). */
export const CONSUMPTION_EXPORT_MAX_ROWS = LOG_EXPORT_MAX_ROWS;

/**
 * Accounting months (this month's spending, monthly billing) begin at midnight China Standard Time
 * (UTC+8, no daylight saving), whatever the server's or the viewer's time zone.
 */
export const ACCOUNTING_UTC_OFFSET_HOURS = 8;

/** The start of the accounting month holding `at` (ms), `months` later (negative: earlier). */
export function accountingMonthStart(at: number, months = 0): Date {
  const offset = ACCOUNTING_UTC_OFFSET_HOURS * 3_600_000;
  const local = new Date(at + offset);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, 1) - offset);
}

// ---- coupons (page coupon; spec §1, §4.3, §6, §9) ----------------------------------------------

/**
 * A voucher's states: usable, redeemed into the balance, on its way to another company (a transfer
 * pending), transferred, or past its validity unused.
 */
export const COUPON_STATES = ['unused', 'used', 'transferring', 'transferred', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** Where a voucher came from: the operator, a campaign, the trade-in programme, a transfer. */
export const COUPON_SOURCES = ['operator', 'campaign', 'trade_in', 'transfer'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];

/**
 * A transfer to a cooperating first-level customer (a direct downstream company, spec §6): pending
 * until the job engine credits it — within COUPON_TRANSFER_HOURS (spec §9) — then success, or
 * failed with its reason (the voucher is then the sender's again, or expired).
 */
export const COUPON_TRANSFER_STATES = ['pending', 'success', 'failed'] as const;
export type CouponTransferState = (typeof COUPON_TRANSFER_STATES)[number];
export const COUPON_TRANSFER_FAILURES = ['not_cooperating', 'coupon_expired'] as const;
export type CouponTransferFailure = (typeof COUPON_TRANSFER_FAILURES)[number];
export const COUPON_TRANSFER_HOURS = 24;

export const couponTransferSchema = z.object({
  id: z.number().int(),
  to_company_id: z.number().int(),
  to_company_name: z.string(),
  state: z.enum(COUPON_TRANSFER_STATES),
  reason: z.enum(COUPON_TRANSFER_FAILURES).nullable(),
  requested_at: z.string(),
  done_at: z.string().nullable(),
});
export type CouponTransfer = z.infer<typeof couponTransferSchema>;

export const couponSchema = z.object({
  id: z.number().int(),
  /** What the voucher is called on paper: `V` and 10 characters. */
  code: z.string(),
  /** Fen. */
  value: z.number().int(),
  source: z.enum(COUPON_SOURCES),
  state: z.enum(COUPON_STATES),
  valid_from: z.string(),
  valid_until: z.string(),
  /** When it was redeemed into the balance. */
  used_at: z.string().nullable(),
  created_at: z.string(),
  /** Its latest transfer, if any. */
  transfer: couponTransferSchema.nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const COUPON_FILTERS = {
  state: { '=': z.enum(COUPON_STATES) },
  code: { like: filterTextSchema(16) },
} as const satisfies FilterSpec;

/** POST coupons/:id/transfer: the first-level customer that receives it. */
export const couponTransferBodySchema = z.object({
  company_id: idOf('validation.transferTarget'),
});

/** A company a voucher may go to: a direct downstream company (GET coupons/targets). */
export const couponTargetSchema = z.object({ id: z.number().int(), name: z.string() });
export type CouponTarget = z.infer<typeof couponTargetSchema>;
export const couponTargetsSchema = z.object({ items: z.array(couponTargetSchema) });

// ---- invoices (pages invoice_record, invoice_payment; spec §3 Invoice, §4.3, §5.7) -------------

/**
 * An order's invoice state (spec §4.3): not invoiced, invoicing (asked, not yet issued), invoiced.
 * An invoice itself is invoicing until the operator issues it (`invoice:issue`), then invoiced.
 */
export const INVOICE_STATES = ['not_invoiced', 'invoicing', 'invoiced'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** Most orders one invoice covers. */
export const INVOICE_MAX_ORDERS = 100;

export const invoiceSchema = z.object({
  id: z.number().int(),
  /** The request's number: `I`, the date and a sequence. */
  number: z.string(),
  /** Fen: the orders' amounts together. */
  amount: z.number().int(),
  state: z.enum(['invoicing', 'invoiced']),
  orders: z.array(z.object({ id: z.number().int(), number: z.string(), amount: z.number().int() })),
  /** The details as they were when it was asked. */
  details: invoiceDetailsSchema,
  /** The tax invoice's number once issued, else ''. */
  invoice_number: z.string(),
  requested_at: z.string(),
  issued_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST invoices: the paid, not yet invoiced orders one invoice covers. */
export const invoiceRequestBodySchema = z.object({
  order_ids: z
    .array(idSchema)
    .min(1, 'validation.selectOrders')
    .max(INVOICE_MAX_ORDERS, 'validation.selectOrders'),
});
export type InvoiceRequestBody = z.infer<typeof invoiceRequestBodySchema>;

export const INVOICE_FILTERS = {
  state: { '=': z.enum(['invoicing', 'invoiced']) },
  number: { like: filterTextSchema(32) },
  requested_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;

/** Most invoice requests one export holds (spec §8, like every export). */
export const INVOICE_EXPORT_MAX_ROWS = LOG_EXPORT_MAX_ROWS;
export const invoicesExportQuerySchema = listQuerySchema.pick({ wheres: true });

/** A paid order and where it stands for invoicing (page invoice_payment). */
export const invoicePaymentSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  amount: z.number().int(),
  paid_at: z.string(),
  invoice_state: z.enum(INVOICE_STATES),
  /** The invoice that covers it, if any. */
  invoice_id: z.number().int().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const INVOICE_PAYMENT_FILTERS = {
  invoice_state: { '=': z.enum(INVOICE_STATES) },
  number: { like: filterTextSchema(32) },
} as const satisfies FilterSpec;

/** GET/PUT invoice_details: the company's invoice details (also part of GET/PUT /finance). */
export const invoiceDetailsAnswerSchema = z.object({ invoice: invoiceDetailsSchema.nullable() });

/** A development payment's token, as its path names it (GET/POST dev/payments/{id}). */
export const devPaymentParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The real payment gateways (PAYMENT_PROVIDER), each with its notification route. */
export const PAYMENT_GATEWAYS = ['alipay', 'wechatpay'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
export const paymentNotifyParamsSchema = z.object({ id: z.enum(PAYMENT_GATEWAYS) });
