/** The calls of the money area (FINANCE_PATHS of @vap/contracts), typed by its schemas. */
import {
  type ConsumptionPage,
  type Coupon,
  type CouponTarget,
  consumptionPageSchema,
  couponSchema,
  couponTargetsSchema,
  FINANCE_PATHS,
  type Finance,
  financeSchema,
  type Invoice,
  type InvoiceDetails,
  type InvoicePayment,
  invoiceDetailsAnswerSchema,
  invoicePaymentSchema,
  invoiceSchema,
  type ListPage,
  type ListQuery,
  type Order,
  type RechargeOrder,
  rechargeOrderSchema,
  type Where,
} from '@vap/contracts';
import type { CallOptions, HttpClient } from '@vap/kernel';

/** The longest wait for an invoice's PDF: made on the call, it may take longer than a page of data. */
const PDF_TIMEOUT_MS = 60_000;

export interface FinanceApi {
  /**
   * The balance, this month's spending, the warning and the bank transfer details. Quiet: the top
   * bar, the dashboard card and the recharge page each show a failure in their own way.
   */
  finance(options?: CallOptions): Promise<Finance>;
  /** Sets the low-balance warning threshold (fen); answers the new figures. */
  updateThreshold(fen: number): Promise<Finance>;
  /** A new online recharge order of `amount` fen, pending, with the payer's `pay_url`. */
  createRecharge(amount: number): Promise<RechargeOrder>;
  /** One order, asked while the payer pays; quiet: a failed poll is only logged (spec §8). */
  recharge(id: number, options?: CallOptions): Promise<RechargeOrder>;
  /** Cancels a pending order (409 `order_closed` once it is no longer pending). */
  cancelRecharge(id: number): Promise<RechargeOrder>;
  recharges(query: ListQuery, options?: CallOptions): Promise<ListPage<RechargeOrder>>;
  /** A page of charges and the total spent by every charge the filter matches. */
  consumption(query: ListQuery, options?: CallOptions): Promise<ConsumptionPage>;
  /** The .xlsx of the charges the filter matches, in the table's order (refused beyond 5000 rows). */
  exportConsumption(wheres: readonly Where[], orders: readonly Order[]): Promise<Blob>;
  coupons(query: ListQuery, options?: CallOptions): Promise<ListPage<Coupon>>;
  /** The first-level customers a voucher may go to. */
  couponTargets(options?: CallOptions): Promise<CouponTarget[]>;
  /** Credits a voucher's value to the balance (409 `coupon_not_usable` otherwise). */
  redeemCoupon(id: number): Promise<Coupon>;
  /** Sends a voucher to a first-level customer: pending until the server credits it. */
  transferCoupon(id: number, companyId: number): Promise<Coupon>;
  /** The company's invoice details, null until given. */
  invoiceDetails(options?: CallOptions): Promise<InvoiceDetails | null>;
  /** Saves the invoice details (400 with `fields` keyed `invoice.tax_id`, …). */
  saveInvoiceDetails(details: InvoiceDetails): Promise<InvoiceDetails | null>;
  invoices(query: ListQuery, options?: CallOptions): Promise<ListPage<Invoice>>;
  /**
   * Asks an invoice for paid, not yet invoiced orders. Quiet: the page shows the refusals itself
   * (409 `invoice_details_missing` with a link to the details, `order_not_invoiceable`, `order_invoiced`).
   */
  requestInvoice(orderIds: readonly number[]): Promise<Invoice>;
  /** The invoice request as a PDF, in the user's language. */
  invoicePdf(id: number): Promise<Blob>;
  /** The .xlsx of the invoice requests the filter matches (refused beyond 5000 rows). */
  exportInvoices(wheres: readonly Where[]): Promise<Blob>;
  /** The paid recharge orders with their invoice state. */
  invoicePayments(query: ListQuery, options?: CallOptions): Promise<ListPage<InvoicePayment>>;
}

export function createFinanceApi(http: HttpClient): FinanceApi {
  return {
    finance: (options) => http.get(FINANCE_PATHS.finance, { ...options, schema: financeSchema, quiet: true }),
    updateThreshold: (fen) =>
      http.put(FINANCE_PATHS.finance, { low_balance_threshold: fen }, { schema: financeSchema }),
    createRecharge: (amount) =>
      http.post(FINANCE_PATHS.recharges, { amount }, { schema: rechargeOrderSchema }),
    recharge: (id, options) =>
      http.get(FINANCE_PATHS.recharge(id), { ...options, schema: rechargeOrderSchema, quiet: true }),
    cancelRecharge: (id) =>
      http.post(FINANCE_PATHS.rechargeCancel(id), undefined, { schema: rechargeOrderSchema }),
    recharges: (query, options) => http.list(FINANCE_PATHS.recharges, query, rechargeOrderSchema, options),
    // Not `http.list`: its answer carries `amount_total` beside the page.
    consumption: ({ page, size, wheres, orders }, options) =>
      http.get(FINANCE_PATHS.consumption, {
        ...options,
        query: { page, size },
        wheres,
        orders,
        schema: consumptionPageSchema,
      }),
    exportConsumption: async (wheres, orders) =>
      (await http.download(FINANCE_PATHS.consumptionExport, { wheres, orders })).blob,
    coupons: (query, options) => http.list(FINANCE_PATHS.coupons, query, couponSchema, options),
    couponTargets: async (options) =>
      (await http.get(FINANCE_PATHS.couponTargets, { ...options, schema: couponTargetsSchema })).items,
    redeemCoupon: (id) => http.post(FINANCE_PATHS.couponRedeem(id), undefined, { schema: couponSchema }),
    transferCoupon: (id, companyId) =>
      http.post(FINANCE_PATHS.couponTransfer(id), { company_id: companyId }, { schema: couponSchema }),
    invoiceDetails: async (options) =>
      (await http.get(FINANCE_PATHS.invoiceDetails, { ...options, schema: invoiceDetailsAnswerSchema }))
        .invoice,
    saveInvoiceDetails: async (details) =>
      (
        await http.put(
          FINANCE_PATHS.invoiceDetails,
          { invoice: details },
          { schema: invoiceDetailsAnswerSchema },
        )
      ).invoice,
    invoices: (query, options) => http.list(FINANCE_PATHS.invoices, query, invoiceSchema, options),
    requestInvoice: (orderIds) =>
      http.post(FINANCE_PATHS.invoices, { order_ids: orderIds }, { schema: invoiceSchema, quiet: true }),
    // The server makes the document on the call; its first one in a process loads the CJK fonts.
    invoicePdf: async (id) =>
      (await http.download(FINANCE_PATHS.invoicePdf(id), { timeoutMs: PDF_TIMEOUT_MS })).blob,
    exportInvoices: async (wheres) => (await http.download(FINANCE_PATHS.invoicesExport, { wheres })).blob,
    invoicePayments: (query, options) =>
      http.list(FINANCE_PATHS.invoicePayments, query, invoicePaymentSchema, options),
  };
}
