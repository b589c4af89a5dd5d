/**
 * The calls of the campaigns (spec §1, §2.3 `promotion_info`, `trade_in`, §2.4). Campaigns are the
 * vendor's, the same for every company: reading them needs a page that shows them. Trade-in
 * applications are the caller's company's; applying needs the trade-in page's `apply` button.
 */
import { CAMPAIGN_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = async () => ({
  ...(await import('./campaigns.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
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
  tradeInApplications: {
    method: 'GET',
    path: CAMPAIGN_PATHS.tradeInApplications,
    access: { page: 'trade_in' },
    summary: "A page of the company's trade-in applications, newest first",
    description:
      'wheres (base64 JSON): status = (pending, approved, rejected), tracking_number like, submitted_at between. orders: submitted_at.',
    schemas: (s) => s.listSchemas(s.tradeInApplicationSchema, s.TRADE_IN_FILTERS, s.TRADE_IN_ORDER_KEYS),
  },
  tradeInApplication: {
    method: 'GET',
    path: CAMPAIGN_PATHS.tradeInApplication.pattern,
    access: { page: 'trade_in' },
    errors: [404],
    summary:
      "One of the company's trade-in applications; another company's or an unknown one is 404 trade_in_not_found",
    schemas: (s) => ({ params: s.idParamsSchema, response: s.tradeInApplicationSchema }),
  },
  applyTradeIn: {
    method: 'POST',
    path: CAMPAIGN_PATHS.tradeInApplications,
    access: { page: 'trade_in', button: 'apply' },
    audit: 'campaigns.tradein.apply',
    errors: [404, 409],
    status: 201,
    summary:
      'Applies for a trade-in: lines of distinct models with quantities and the parcel’s tracking number, pending the vendor’s review; 404 campaign_not_found, 409 campaign_closed outside the campaign’s window, 400 trade_in_model_unknown for a model not in the list',
    schemas: (s) => ({ body: s.tradeInApplyBodySchema, response: s.tradeInApplicationSchema }),
  },
});
