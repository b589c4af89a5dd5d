/**
 * The money calls of the console (plugin `finance`): GET/PUT /finance and the recharge orders need
 * page `recharge` (placing or cancelling an order its `recharge` button); the consumption records
 * need page `consume_record` (the export its `export` button); the vouchers page `coupon` (a
 * transfer its `transfer` button); invoices page `invoice_record` (asking for one, and setting the
 * details, its `apply` button), the paid orders' invoice states page `invoice_payment`. The development payment page's two
 * calls are public: the payment's token is all the payer holds.
 */
import {
  apiErrorSchema,
  CONSUMPTION_EXPORT_MAX_ROWS,
  CONSUMPTION_FILTERS,
  CONSUMPTION_ORDER_KEYS,
  COUPON_FILTERS,
  type Consumption,
  consumptionExportQuerySchema,
  consumptionPageSchema,
  couponSchema,
  couponTargetsSchema,
  couponTransferBodySchema,
  DEV_PAYMENT_PATHS,
  devPaymentBodySchema,
  devPaymentSchema,
  FEN_PER_YUAN,
  FINANCE_PATHS,
  financeSchema,
  financeUpdateSchema,
  INVOICE_EXPORT_MAX_ROWS,
  INVOICE_FILTERS,
  INVOICE_PAYMENT_FILTERS,
  idParamsSchema,
  invoiceDetailsAnswerSchema,
  invoiceDetailsSchema,
  invoicePaymentSchema,
  invoiceRequestBodySchema,
  invoiceSchema,
  invoicesExportQuerySchema,
  listPageSchema,
  listQuerySchema,
  parseCloudChargeNote,
  RECHARGE_FILTERS,
  rechargeBodySchema,
  rechargeOrderSchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, permissionsOf } from '../../core/http/access.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { sendPdf } from '../../core/http/pdf-download.js';
import { type PluginWord, pluginWords } from '../../core/http/plugin-words.js';
import { dateCell, sendXlsx, type XlsxCell } from '../../core/http/xlsx-download.js';
import type { FinanceAccounts } from './accounts.js';
import type { ConsumptionRecords } from './consumption.js';
import type { Coupons } from './coupons.js';
import { INVOICE_EXPORT_COLUMNS, invoicePdf } from './invoice-document.js';
import type { Invoices } from './invoices.js';
import { FINANCE_PAGE_MESSAGES } from './list-words.js';
import type { PaymentView, RechargeOrders } from './orders.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const recharge = { page: 'recharge' } as const;
const placeOrders = { page: 'recharge', button: 'recharge' } as const;
const idParams = idParamsSchema;

export interface FinanceRoutesOptions {
  db: Db;
  accounts: FinanceAccounts;
  orders: RechargeOrders;
  consumption: ConsumptionRecords;
  coupons: Coupons;
  invoices: Invoices;
}

/** A yuan cell of an amount in fen: a number for the spreadsheet's sums, shown as the list shows money. */
const yuan = (fen: number) => ({ yuan: fen / FEN_PER_YUAN });

/**
 * The columns of the consumption export: the consumption list's (consumption.tsx), with its headers
 * and values.
 */
export const CONSUMPTION_EXPORT_COLUMNS: ReadonlyArray<
  readonly [string, (row: Consumption, word: PluginWord) => XlsxCell]
> = [
  ['consumption.time', (row) => dateCell(row.created_at)],
  ['consumption.product', (row, word) => word(`products.${row.product}`)],
  ['consumption.reference', (row) => row.reference],
  ['consumption.note', (row, word) => noteOf(row.note, word)],
  ['consumption.amount', (row) => yuan(row.amount)],
  ['consumption.balanceAfter', (row) => yuan(row.balance_after)],
];

/** A cloud package's charge note (`cbs:open:r`) in the list's words; any other note as it is. */
function noteOf(note: string, word: PluginWord): string {
  const charge = parseCloudChargeNote(note);
  if (!charge) return note;
  return word(`consumption.cloudNotes.${charge.reason}`, {
    plan: word(`consumption.cloudPlans.${charge.plan}`),
  });
}

export const financeRoutes: FastifyPluginAsyncZod<FinanceRoutesOptions> = async (app, options) => {
  const { db, accounts, orders, consumption, coupons, invoices } = options;
  const companyOfCaller = async (request: FastifyRequest) => companyOf(await permissionsOf(request, db));

  app.get(
    FINANCE_PATHS.finance,
    {
      config: { access: recharge },
      schema: {
        tags: ['finance'],
        summary: "The company's balance, this month's spending, warnings and invoice details",
        security,
        response: { 200: financeSchema, ...refusals },
      },
    },
    async (request) =>
      accounts.overview(
        await companyOfCaller(request),
        negotiateLanguage(request.headers['accept-language']),
      ),
  );

  app.put(
    FINANCE_PATHS.finance,
    {
      config: { access: recharge, audit: 'finance.settings.update' },
      schema: {
        tags: ['finance'],
        summary: 'Sets the invoice details (all required, the email checked) and the low-balance threshold',
        security,
        body: financeUpdateSchema,
        response: { 200: financeSchema, ...refusals },
      },
    },
    async (request) =>
      accounts.update(
        await companyOfCaller(request),
        request.body,
        auditTrail(request),
        negotiateLanguage(request.headers['accept-language']),
      ),
  );

  app.get(
    FINANCE_PATHS.recharges,
    {
      config: { access: recharge },
      schema: {
        tags: ['finance'],
        summary: "A page of the company's recharge orders, newest first",
        description: 'wheres (base64 JSON): state =, number like, created_at between.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(rechargeOrderSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return orders.list(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, RECHARGE_FILTERS),
      });
    },
  );

  app.post(
    FINANCE_PATHS.recharges,
    {
      config: { access: placeOrders, audit: 'finance.recharge.create' },
      schema: {
        tags: ['finance'],
        summary:
          'An online recharge order: more than 0, at most 999,999.99 yuan; the answer says where to pay',
        security,
        body: rechargeBodySchema,
        response: { 200: rechargeOrderSchema, ...refusals, 503: apiErrorSchema },
      },
    },
    async (request) =>
      orders.create(
        await companyOfCaller(request),
        request.body.amount,
        callerOf(request).userId,
        auditTrail(request),
      ),
  );

  app.get(
    FINANCE_PATHS.recharge.pattern,
    {
      config: { access: recharge },
      schema: {
        tags: ['finance'],
        summary: 'One recharge order (the console follows it while the payer pays)',
        security,
        params: idParams,
        response: { 200: rechargeOrderSchema, ...refusals },
      },
    },
    async (request) => orders.get(await companyOfCaller(request), request.params.id),
  );

  app.post(
    FINANCE_PATHS.rechargeCancel.pattern,
    {
      config: { access: placeOrders, audit: 'finance.recharge.cancel' },
      schema: {
        tags: ['finance'],
        summary: 'Cancels a pending recharge order',
        security,
        params: idParams,
        response: { 200: rechargeOrderSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => orders.cancel(await companyOfCaller(request), request.params.id, auditTrail(request)),
  );

  app.get(
    FINANCE_PATHS.consumption,
    {
      config: { access: { page: 'consume_record' } },
      schema: {
        tags: ['finance'],
        summary: "A page of the company's charges and the total spent by all that match",
        description:
          'wheres (base64 JSON): product =, reference like, created_at between. orders: created_at, amount.',
        security,
        querystring: listQuerySchema,
        response: { 200: consumptionPageSchema, ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres, orders: sort } = request.query;
      return consumption.page(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, CONSUMPTION_FILTERS),
        orders: listOrders(sort, CONSUMPTION_ORDER_KEYS),
      });
    },
  );

  app.get(
    FINANCE_PATHS.consumptionExport,
    {
      config: { access: { page: 'consume_record', button: 'export' } },
      schema: {
        tags: ['finance'],
        summary: `The charges that match as .xlsx, refused beyond ${CONSUMPTION_EXPORT_MAX_ROWS} rows`,
        security,
        querystring: consumptionExportQuerySchema,
        response: { 200: z.unknown().describe('.xlsx'), ...refusals },
      },
    },
    async (request, reply) => {
      const rows = await consumption.all(await companyOfCaller(request), {
        wheres: listFilters(request.query.wheres, CONSUMPTION_FILTERS),
        orders: listOrders(request.query.orders, CONSUMPTION_ORDER_KEYS),
      });
      const word = pluginWords(FINANCE_PAGE_MESSAGES, negotiateLanguage(request.headers['accept-language']));
      async function* each() {
        yield* rows;
      }
      return sendXlsx(
        reply,
        'consumption',
        CONSUMPTION_EXPORT_COLUMNS.map(([key]) => word(key)),
        each(),
        (row) => CONSUMPTION_EXPORT_COLUMNS.map(([, cell]) => cell(row, word)),
      );
    },
  );

  app.get(
    FINANCE_PATHS.coupons,
    {
      config: { access: { page: 'coupon' } },
      schema: {
        tags: ['finance'],
        summary: "A page of the company's vouchers, newest first, each with its latest transfer",
        description: 'wheres (base64 JSON): state =, code like.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(couponSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return coupons.list(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, COUPON_FILTERS),
      });
    },
  );

  app.get(
    FINANCE_PATHS.couponTargets,
    {
      config: { access: { page: 'coupon' } },
      schema: {
        tags: ['finance'],
        summary: 'The cooperating first-level customers a voucher may be transferred to',
        security,
        response: { 200: couponTargetsSchema, ...refusals },
      },
    },
    async (request) => ({ items: await coupons.targets(await companyOfCaller(request)) }),
  );

  app.post(
    FINANCE_PATHS.couponRedeem.pattern,
    {
      config: { access: { page: 'coupon' }, audit: 'finance.coupon.redeem' },
      schema: {
        tags: ['finance'],
        summary: "Credits a usable voucher's value to the balance",
        security,
        params: idParams,
        response: { 200: couponSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      coupons.redeem(
        await companyOfCaller(request),
        request.params.id,
        callerOf(request).userId,
        auditTrail(request),
      ),
  );

  app.post(
    FINANCE_PATHS.couponTransfer.pattern,
    {
      config: { access: { page: 'coupon', button: 'transfer' }, audit: 'finance.coupon.transfer' },
      schema: {
        tags: ['finance'],
        summary: 'Transfers a usable voucher to a first-level customer, credited within 24 hours',
        security,
        params: idParams,
        body: couponTransferBodySchema,
        response: { 200: couponSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      coupons.transfer(
        await companyOfCaller(request),
        request.params.id,
        request.body.company_id,
        callerOf(request).userId,
        auditTrail(request),
      ),
  );

  const invoiceRecord = { page: 'invoice_record' } as const;
  const applyForInvoice = { page: 'invoice_record', button: 'apply' } as const;

  app.get(
    FINANCE_PATHS.invoices,
    {
      config: { access: invoiceRecord },
      schema: {
        tags: ['finance'],
        summary: "A page of the company's invoice requests, newest first, with the orders each covers",
        description: 'wheres (base64 JSON): state =, number like, requested_at between.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(invoiceSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return invoices.list(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, INVOICE_FILTERS),
      });
    },
  );

  app.post(
    FINANCE_PATHS.invoices,
    {
      config: { access: applyForInvoice, audit: 'finance.invoice.request' },
      schema: {
        tags: ['finance'],
        summary: 'Asks for an invoice of paid orders not yet invoiced (one invoice may cover several)',
        security,
        body: invoiceRequestBodySchema,
        response: { 200: invoiceSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      invoices.request(
        await companyOfCaller(request),
        request.body.order_ids,
        callerOf(request).userId,
        auditTrail(request),
      ),
  );

  app.get(
    FINANCE_PATHS.invoice.pattern,
    {
      config: { access: invoiceRecord },
      schema: {
        tags: ['finance'],
        summary: 'One invoice request with its orders and details',
        security,
        params: idParams,
        response: { 200: invoiceSchema, ...refusals },
      },
    },
    async (request) => invoices.get(await companyOfCaller(request), request.params.id),
  );

  app.get(
    FINANCE_PATHS.invoicePdf.pattern,
    {
      config: { access: invoiceRecord },
      schema: {
        tags: ['finance'],
        summary: "The invoice request as a PDF in the caller's language",
        security,
        params: idParams,
        response: { 200: z.unknown().describe('application/pdf'), ...refusals },
      },
    },
    async (request, reply) => {
      const { invoice, company } = await invoices.document(await companyOfCaller(request), request.params.id);
      const language = negotiateLanguage(request.headers['accept-language']);
      return sendPdf(reply, invoice.number, await invoicePdf(invoice, company, language, new Date()));
    },
  );

  app.get(
    FINANCE_PATHS.invoicesExport,
    {
      config: { access: { page: 'invoice_record', button: 'export' } },
      schema: {
        tags: ['finance'],
        summary: `The invoice requests that match as .xlsx, refused beyond ${INVOICE_EXPORT_MAX_ROWS} rows`,
        description: 'wheres (base64 JSON): state =, number like, requested_at between.',
        security,
        querystring: invoicesExportQuerySchema,
        response: { 200: z.unknown().describe('.xlsx'), ...refusals },
      },
    },
    async (request, reply) => {
      const rows = await invoices.all(
        await companyOfCaller(request),
        listFilters(request.query.wheres, INVOICE_FILTERS),
      );
      const word = pluginWords(FINANCE_PAGE_MESSAGES, negotiateLanguage(request.headers['accept-language']));
      async function* each() {
        yield* rows;
      }
      return sendXlsx(
        reply,
        'invoices',
        INVOICE_EXPORT_COLUMNS.map(([key]) => word(key)),
        each(),
        (row) => INVOICE_EXPORT_COLUMNS.map(([, cell]) => cell(row, word)),
      );
    },
  );

  app.get(
    FINANCE_PATHS.invoicePayments,
    {
      config: { access: { page: 'invoice_payment' } },
      schema: {
        tags: ['finance'],
        summary: "A page of the company's paid orders with their invoice state, newest first",
        description: 'wheres (base64 JSON): invoice_state =, number like.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(invoicePaymentSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return invoices.payments(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, INVOICE_PAYMENT_FILTERS),
      });
    },
  );

  app.get(
    FINANCE_PATHS.invoiceDetails,
    {
      config: { access: invoiceRecord },
      schema: {
        tags: ['finance'],
        summary: "The company's invoice details (null until given)",
        security,
        response: { 200: invoiceDetailsAnswerSchema, ...refusals },
      },
    },
    async (request) => ({ invoice: (await accounts.settings(await companyOfCaller(request))).invoice }),
  );

  app.put(
    FINANCE_PATHS.invoiceDetails,
    {
      config: { access: applyForInvoice, audit: 'finance.settings.update' },
      schema: {
        tags: ['finance'],
        summary: 'Sets the invoice details: tax id, bank, bank number, address and email, all required',
        security,
        body: invoiceDetailsAnswerSchema.extend({ invoice: invoiceDetailsSchema }),
        response: { 200: invoiceDetailsAnswerSchema, ...refusals },
      },
    },
    async (request) => ({
      invoice: (
        await accounts.update(
          await companyOfCaller(request),
          { invoice: request.body.invoice },
          auditTrail(request),
          negotiateLanguage(request.headers['accept-language']),
        )
      ).invoice,
    }),
  );

  if (orders.provider?.development) await app.register(devPaymentRoutes, { orders });
};

const toDevPayment = ({ row, companyName }: PaymentView) => ({
  number: row.number,
  amount: row.amount,
  company: companyName,
  state: row.state,
  expires_at: row.expiresAt.toISOString(),
});

/** The development provider's payment page calls (docs/operations.md "Payments"). */
const devPaymentRoutes: FastifyPluginAsyncZod<{ orders: RechargeOrders }> = async (app, { orders }) => {
  const params = z.object({ id: z.string().min(1).max(64) });
  app.get(
    DEV_PAYMENT_PATHS.payment.pattern,
    {
      config: { access: 'public' },
      schema: {
        tags: ['finance'],
        summary: 'Development payment provider: the order a payment token pays',
        params,
        response: { 200: devPaymentSchema, 404: apiErrorSchema },
      },
    },
    async (request) => toDevPayment(await orders.payment(request.params.id)),
  );
  app.post(
    DEV_PAYMENT_PATHS.payment.pattern,
    {
      config: { access: 'public' },
      schema: {
        tags: ['finance'],
        summary: 'Development payment provider: the payer confirms (the balance is credited) or cancels',
        params,
        body: devPaymentBodySchema,
        response: { 200: devPaymentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      await orders.settle(request.params.id, request.body.action === 'confirm' ? 'paid' : 'cancelled');
      return toDevPayment(await orders.payment(request.params.id));
    },
  );
};
