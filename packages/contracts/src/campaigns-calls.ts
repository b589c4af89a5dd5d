/**
 * The calls of the campaigns (spec §1, §2.3 `promotion_info`, `trade_in`, §2.4). Campaigns are the
 * vendor's, the same for every company: reading them needs a page that shows them. Trade-in
 * applications are the caller's company's; applying needs the trade-in page's `apply` button, and
 * so does a balance exchange (taking part in a campaign). A voucher transfer with a quantity, to a
 * cooperating first-level customer, needs the page's `transfer` button.
 */

import { declareCalls, rowCalls } from './calls.js';
import { CAMPAIGN_PATHS } from './paths-campaigns.js';

const schemas = async () => ({
  ...(await import('./campaigns.js')),
  ...(await import('./finance.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
});

/** The trade-in applications: applying needs the page's `apply` button. */
const tradeIns = rowCalls(schemas, {
  page: 'trade_in',
  rows: CAMPAIGN_PATHS.tradeInApplications,
  row: CAMPAIGN_PATHS.tradeInApplication.pattern,
  buttons: { create: 'apply' },
});

export const CAMPAIGN_CALLS = declareCalls(schemas, ['campaigns'], {
  campaigns: {
    method: 'GET',
    path: CAMPAIGN_PATHS.campaigns,
    access: { anyOf: [{ page: 'promotion_info' }, { page: 'trade_in' }] },
    summary: 'Every campaign, current and past, newest window first, each with its state at this moment',
    schemas: (s) => ({ response: s.campaignsSchema }),
  },
  tradeInModels: {
    method: 'GET',
    path: CAMPAIGN_PATHS.tradeInModels,
    access: { page: 'trade_in' },
    summary: "The old-device models a trade-in accepts, by brand, the vendor's own brands marked",
    schemas: (s) => ({ response: s.tradeInModelsSchema }),
  },
  tradeInApplications: tradeIns.list({
    summary: "A page of the company's trade-in applications, newest first",
    description:
      'wheres (base64 JSON): status = (pending, approved, rejected), tracking_number like, submitted_at between. orders: submitted_at.',
    schemas: (s) => s.listSchemas(s.tradeInApplicationSchema, s.TRADE_IN_FILTERS, s.TRADE_IN_ORDER_KEYS),
  }),
  tradeInApplication: tradeIns.get({
    errors: [404],
    summary:
      "One of the company's trade-in applications; another company's or an unknown one is 404 trade_in_not_found",
    schemas: (s) => ({ params: s.idParamsSchema, response: s.tradeInApplicationSchema }),
  }),
  applyTradeIn: tradeIns.create({
    audit: 'campaigns.tradein.apply',
    errors: [404, 409],
    status: 201,
    summary:
      'Applies for a trade-in: lines of distinct models with quantities and the parcel’s tracking number, pending the vendor’s review; 404 campaign_not_found, 409 campaign_closed outside the campaign’s window, 400 trade_in_model_unknown for a model not in the list',
    schemas: (s) => ({ body: s.tradeInApplyBodySchema, response: s.tradeInApplicationSchema }),
  }),
  voucherWallet: {
    method: 'GET',
    path: CAMPAIGN_PATHS.voucherWallet,
    access: { page: 'trade_in' },
    summary: "The company's balance and its vouchers usable now, with their value",
    schemas: (s) => ({ response: s.voucherWalletSchema }),
  },
  voucherTargets: {
    method: 'GET',
    path: CAMPAIGN_PATHS.voucherTargets,
    access: { page: 'trade_in' },
    summary:
      "The cooperating first-level customers vouchers may go to: the companies directly downstream of the caller's",
    schemas: (s) => ({ response: s.couponTargetsSchema }),
  },
  voucherTransfers: {
    method: 'GET',
    path: CAMPAIGN_PATHS.voucherTransfers,
    access: { page: 'trade_in' },
    summary: "A page of the company's voucher transfers, newest first, each success or failed",
    description: 'wheres (base64 JSON): status = (success, failed), created_at between. orders: created_at.',
    schemas: (s) =>
      s.listSchemas(s.voucherTransferSchema, s.VOUCHER_TRANSFER_FILTERS, s.VOUCHER_TRANSFER_ORDER_KEYS),
  },
  transferVouchers: {
    method: 'POST',
    path: CAMPAIGN_PATHS.voucherTransfers,
    access: { page: 'trade_in', button: 'transfer' },
    audit: 'campaigns.voucher.transfer',
    errors: [409],
    status: 201,
    summary:
      'Transfers a quantity of usable vouchers, soonest to expire first, to a cooperating first-level customer: they leave the sender and reach the receiver in one transaction; 400 transfer_target_invalid for a company not directly downstream, 409 vouchers_insufficient when fewer are usable (the transfer is then listed as failed)',
    schemas: (s) => ({ body: s.voucherTransferBodySchema, response: s.voucherTransferSchema }),
  },
  exchangeBalance: {
    method: 'POST',
    path: CAMPAIGN_PATHS.balanceExchange.pattern,
    access: { page: 'trade_in', button: 'apply' },
    audit: 'campaigns.balance.exchange',
    errors: [404, 409],
    status: 201,
    summary:
      "Exchanges balance for vouchers at the balance-exchange campaign's rate: the balance debited and the vouchers credited in one transaction; 404 campaign_not_found, 409 campaign_closed outside the campaign's window, 409 balance_insufficient when the balance does not cover it",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.balanceExchangeBodySchema,
      response: s.balanceExchangeSchema,
    }),
  },
});
