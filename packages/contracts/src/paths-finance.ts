import { pathWithId } from './path-with-id.js';

/**
 * Money (plugin `finance`; spec §7.2 GET/PUT /finance): the balance and settings, recharge orders
 * paid online, and the consumption records. Under /v1/pms/company like the company's other calls.
 */
export const FINANCE_PATHS = {
  /** GET: balance, this month's spending, warnings, invoice details; PUT: the details and threshold. */
  finance: '/v1/pms/company/finance',
  /** GET: a page of recharge orders (list query); POST: a new online recharge order. */
  recharges: '/v1/pms/company/finance/recharges',
  /** GET: one recharge order (the console polls it while the payer pays). */
  recharge: pathWithId('/v1/pms/company/finance/recharges/:id'),
  /** POST: a pending order is cancelled. */
  rechargeCancel: pathWithId('/v1/pms/company/finance/recharges/:id/cancel'),
  /** GET: a page of charges with the total of every charge the filters match. */
  consumption: '/v1/pms/company/finance/consumption',
  /** GET: the charges the filters match as .xlsx, refused beyond 5000 rows. */
  consumptionExport: '/v1/pms/company/finance/consumption/export',
  /** GET: a page of the company's vouchers (list query). */
  coupons: '/v1/pms/company/finance/coupons',
  /** POST: the voucher's value is credited to the balance. */
  couponRedeem: pathWithId('/v1/pms/company/finance/coupons/:id/redeem'),
  /** POST {company_id}: the voucher goes to a first-level customer (credited within 24 hours). */
  couponTransfer: pathWithId('/v1/pms/company/finance/coupons/:id/transfer'),
  /** GET: the companies a voucher may be transferred to. */
  couponTargets: '/v1/pms/company/finance/coupons/targets',
  /** GET: a page of the company's invoice requests; POST: an invoice for paid orders. */
  invoices: '/v1/pms/company/finance/invoices',
  /** GET: one invoice request with its orders. */
  invoice: pathWithId('/v1/pms/company/finance/invoices/:id'),
  /** GET: the invoice request as a PDF, in the caller's language. */
  invoicePdf: pathWithId('/v1/pms/company/finance/invoices/:id/pdf'),
  /** GET: the invoice requests the filters match as .xlsx, refused beyond 5000 rows. */
  invoicesExport: '/v1/pms/company/finance/invoices/export',
  /** GET: a page of the paid orders with their invoice state. */
  invoicePayments: '/v1/pms/company/finance/invoice_payments',
  /** GET/PUT: the invoice details (tax id, bank, bank number, address, email). */
  invoiceDetails: '/v1/pms/company/finance/invoice_details',
  /** GET: balance, this month's spending and the next bill (the dashboard's card). */
  summary: '/v1/pms/company/finance/summary',
} as const;

/**
 * The development payment provider's calls (docs/operations.md), public: the payment token in the
 * path is all the payer holds. Present only while the development provider is the one in use.
 */
export const DEV_PAYMENT_PATHS = {
  /** GET: the order the token pays; POST {action}: the payer confirms or cancels. */
  payment: pathWithId('/dev/payments/:id'),
} as const;

/**
 * The payment gateways' asynchronous notifications (docs/operations.md "Payments"), public: the
 * gateway's signature is what they are checked by. `:id` is the provider, `alipay` or `wechatpay`.
 */
export const PAYMENT_NOTIFY_PATHS = {
  /** POST: the gateway's signed notification of a payment (form for Alipay, JSON for WeChat Pay). */
  notify: pathWithId('/v1/payments/:id/notify'),
} as const;
