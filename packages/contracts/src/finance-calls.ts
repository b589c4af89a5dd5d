/**
 * The calls of the money area (spec §7.6): balance, recharges, consumption, vouchers, invoices.
 * GET/PUT finance and the recharge orders need page `recharge` (placing or cancelling an order its
 * `recharge` button); the consumption records page `consume_record` (the export its `export`
 * button); the vouchers page `coupon` (a transfer its `transfer` button); invoices page
 * `invoice_record` (asking for one, and setting the details, its `apply` button), the paid orders'
 * invoice states page `invoice_payment`. The development payment page's two calls are public: the
 * payment's token is all the payer holds.
 */

import { declareCalls, exportOf, xlsxExportSchemas } from './calls.js';
// finance.ts's CONSUMPTION_EXPORT_MAX_ROWS and INVOICE_EXPORT_MAX_ROWS are this figure; finance.ts carries zod.
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import { DEV_PAYMENT_PATHS, FINANCE_PATHS, PAYMENT_NOTIFY_PATHS } from './paths-finance.js';

const schemas = async () => {
  const [files, finance, ids, list] = await Promise.all([
    import('./file-answers.js'),
    import('./finance.js'),
    import('./ids.js'),
    import('./list.js'),
  ]);
  return {
    ...finance,
    ...ids,
    ...list,
    // The bytes of a file answer, named in the OpenAPI document by what they are.
    xlsxFile: files.xlsxFileSchema,
    pdfFile: files.pdfFileSchema,
  };
};

type Schemas = Awaited<ReturnType<typeof schemas>>;

/** The consumption records, whose export has their page and filter. */
const consumption = {
  method: 'GET',
  path: FINANCE_PATHS.consumption,
  access: { page: 'consume_record' },
  summary: "A page of the company's charges and the total spent by all that match",
  description:
    'wheres (base64 JSON): product =, reference like, created_at between. orders: created_at, amount.',
  schemas: (s: Schemas) => ({
    response: s.consumptionPageSchema,
    list: { filters: s.CONSUMPTION_FILTERS, orders: s.CONSUMPTION_ORDER_KEYS },
  }),
} as const;

/** The invoice requests, whose export has their page and filter. */
const invoices = {
  method: 'GET',
  path: FINANCE_PATHS.invoices,
  access: { page: 'invoice_record' },
  summary: "A page of the company's invoice requests, newest first, with the orders each covers",
  description: 'wheres (base64 JSON): state =, number like, requested_at between.',
  schemas: (s: Schemas) => s.listSchemas(s.invoiceSchema, s.INVOICE_FILTERS),
} as const;

/** The calls of the development provider's payment page, served only while it is the one in use. */
const DEV_PAYMENT_PROVIDER =
  'the development payment provider (the default; not in production without ALLOW_DEV_PROVIDERS)';

export const FINANCE_CALLS = declareCalls(schemas, ['finance'], {
  finance: {
    method: 'GET',
    path: FINANCE_PATHS.finance,
    access: { page: 'recharge' },
    summary: "The company's balance, this month's spending, warnings and invoice details",
    schemas: (s) => ({ response: s.financeSchema }),
  },
  updateFinance: {
    method: 'PUT',
    path: FINANCE_PATHS.finance,
    access: { page: 'recharge' },
    audit: 'finance.settings.update',
    summary: 'Sets the invoice details (all required, the email checked) and the low-balance threshold',
    schemas: (s) => ({ body: s.financeUpdateSchema, response: s.financeSchema }),
  },
  // The dashboard's card (issue 29): read-only, with the access of the balance itself.
  recharges: {
    method: 'GET',
    path: FINANCE_PATHS.recharges,
    access: { page: 'recharge' },
    summary: "A page of the company's recharge orders, newest first",
    description: 'wheres (base64 JSON): state =, number like, created_at between.',
    schemas: (s) => s.listSchemas(s.rechargeOrderSchema, s.RECHARGE_FILTERS),
  },
  createRecharge: {
    method: 'POST',
    path: FINANCE_PATHS.recharges,
    access: { page: 'recharge', button: 'recharge' },
    audit: 'finance.recharge.create',
    errors: [503],
    summary: 'An online recharge order: more than 0, at most 999,999.99 yuan; the answer says where to pay',
    schemas: (s) => ({ body: s.rechargeBodySchema, response: s.rechargeOrderSchema }),
  },
  recharge: {
    method: 'GET',
    path: FINANCE_PATHS.recharge.pattern,
    access: { page: 'recharge' },
    errors: [404],
    summary: 'One recharge order (the console follows it while the payer pays)',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.rechargeOrderSchema }),
  },
  cancelRecharge: {
    method: 'POST',
    path: FINANCE_PATHS.rechargeCancel.pattern,
    access: { page: 'recharge', button: 'recharge' },
    audit: 'finance.recharge.cancel',
    errors: [404, 409],
    summary: 'Cancels a pending recharge order',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.rechargeOrderSchema }),
  },
  consumption,
  exportConsumption: exportOf(consumption, {
    path: FINANCE_PATHS.consumptionExport,
    summary: `The charges that match as .xlsx, refused beyond ${LOG_EXPORT_MAX_ROWS} rows`,
    schemas: xlsxExportSchemas,
  }),
  coupons: {
    method: 'GET',
    path: FINANCE_PATHS.coupons,
    access: { page: 'coupon' },
    summary: "A page of the company's vouchers, newest first, each with its latest transfer",
    description: 'wheres (base64 JSON): state =, code like.',
    schemas: (s) => s.listSchemas(s.couponSchema, s.COUPON_FILTERS),
  },
  couponTargets: {
    method: 'GET',
    path: FINANCE_PATHS.couponTargets,
    access: { page: 'coupon' },
    summary: 'The cooperating first-level customers a voucher may be transferred to',
    schemas: (s) => ({ response: s.couponTargetsSchema }),
  },
  redeemCoupon: {
    method: 'POST',
    path: FINANCE_PATHS.couponRedeem.pattern,
    access: { page: 'coupon' },
    audit: 'finance.coupon.redeem',
    errors: [404, 409],
    summary: "Credits a usable voucher's value to the balance",
    schemas: (s) => ({ params: s.idParamsSchema, response: s.couponSchema }),
  },
  transferCoupon: {
    method: 'POST',
    path: FINANCE_PATHS.couponTransfer.pattern,
    access: { page: 'coupon', button: 'transfer' },
    audit: 'finance.coupon.transfer',
    errors: [404, 409],
    summary: 'Transfers a usable voucher to a first-level customer, credited within 24 hours',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.couponTransferBodySchema,
      response: s.couponSchema,
    }),
  },
  invoices,
  requestInvoice: {
    method: 'POST',
    path: FINANCE_PATHS.invoices,
    access: { page: 'invoice_record', button: 'apply' },
    audit: 'finance.invoice.request',
    errors: [409],
    summary: 'Asks for an invoice of paid orders not yet invoiced (one invoice may cover several)',
    schemas: (s) => ({ body: s.invoiceRequestBodySchema, response: s.invoiceSchema }),
  },
  invoice: {
    method: 'GET',
    path: FINANCE_PATHS.invoice.pattern,
    access: { page: 'invoice_record' },
    errors: [404],
    summary: 'One invoice request with its orders and details',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.invoiceSchema }),
  },
  invoicePdf: {
    method: 'GET',
    path: FINANCE_PATHS.invoicePdf.pattern,
    access: { page: 'invoice_record' },
    errors: [404],
    file: true,
    summary: "The invoice request as a PDF in the caller's language",
    schemas: (s) => ({ params: s.idParamsSchema, response: null, also: { 200: s.pdfFile } }),
  },
  exportInvoices: exportOf(invoices, {
    path: FINANCE_PATHS.invoicesExport,
    summary: `The invoice requests that match as .xlsx, refused beyond ${LOG_EXPORT_MAX_ROWS} rows`,
    description: invoices.description,
    schemas: (s) => ({ query: s.invoicesExportQuerySchema, response: null, also: { 200: s.xlsxFile } }),
  }),
  invoicePayments: {
    method: 'GET',
    path: FINANCE_PATHS.invoicePayments,
    access: { page: 'invoice_payment' },
    summary: "A page of the company's paid orders with their invoice state, newest first",
    description: 'wheres (base64 JSON): invoice_state =, number like.',
    schemas: (s) => s.listSchemas(s.invoicePaymentSchema, s.INVOICE_PAYMENT_FILTERS),
  },
  invoiceDetails: {
    method: 'GET',
    path: FINANCE_PATHS.invoiceDetails,
    access: { page: 'invoice_record' },
    summary: "The company's invoice details (null until given)",
    schemas: (s) => ({ response: s.invoiceDetailsAnswerSchema }),
  },
  saveInvoiceDetails: {
    method: 'PUT',
    path: FINANCE_PATHS.invoiceDetails,
    access: { page: 'invoice_record', button: 'apply' },
    audit: 'finance.settings.update',
    summary: 'Sets the invoice details: tax id, bank, bank number, address and email, all required',
    schemas: (s) => ({
      // Given, never null: the answer's shape with the details required.
      body: s.invoiceDetailsAnswerSchema.extend({ invoice: s.invoiceDetailsSchema }),
      response: s.invoiceDetailsAnswerSchema,
    }),
  },
  // The development provider's payment page (docs/operations.md "Payments"): served only while that
  // provider is the one in use.
  devPayment: {
    method: 'GET',
    path: DEV_PAYMENT_PATHS.payment.pattern,
    access: 'public',
    only: DEV_PAYMENT_PROVIDER,
    errors: [404],
    summary: 'Development payment provider: the order a payment token pays',
    schemas: (s) => ({ params: s.devPaymentParamsSchema, response: s.devPaymentSchema }),
  },
  answerDevPayment: {
    method: 'POST',
    path: DEV_PAYMENT_PATHS.payment.pattern,
    access: 'public',
    only: DEV_PAYMENT_PROVIDER,
    errors: [404, 409],
    summary: 'Development payment provider: the payer confirms (the balance is credited) or cancels',
    schemas: (s) => ({
      params: s.devPaymentParamsSchema,
      body: s.devPaymentBodySchema,
      response: s.devPaymentSchema,
    }),
  },
  paymentNotify: {
    method: 'POST',
    path: PAYMENT_NOTIFY_PATHS.notify.pattern,
    access: 'public',
    only: 'a real payment gateway (PAYMENT_PROVIDER=alipay or wechatpay), its own name in the path',
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    file: true,
    errors: [400, 404, 409],
    summary:
      "A payment gateway's asynchronous notification: its signature checked (Alipay RSA2; WeChat Pay v3, the resource decrypted), the order credited once however often it comes; answers what the gateway expects (Alipay `success`, WeChat Pay 204)",
    schemas: (s) => ({ params: s.paymentNotifyParamsSchema, response: null }),
  },
});
