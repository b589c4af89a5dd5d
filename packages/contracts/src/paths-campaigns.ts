import { pathWithId } from './path-with-id.js';

/** Campaigns (spec §1, §2.3 `promotion_info`, `trade_in`). */
export const CAMPAIGN_PATHS = {
  /** GET: every campaign, current and past. */
  campaigns: '/v1/campaigns',
  /** GET: the old-device models a trade-in accepts. */
  tradeInModels: '/v1/campaigns/trade_in/models',
  /** GET: a page of the company's trade-in applications (list query); POST: applies. */
  tradeInApplications: '/v1/campaigns/company/trade_in/applications',
  /** GET: one of the company's trade-in applications. */
  tradeInApplication: pathWithId('/v1/campaigns/company/trade_in/applications/:id'),
  /** GET: the company's balance and usable vouchers, for the trade-in screen. */
  voucherWallet: '/v1/campaigns/company/vouchers',
  /** GET: the cooperating first-level customers vouchers may go to. */
  voucherTargets: '/v1/campaigns/company/vouchers/targets',
  /** GET: a page of the company's voucher transfers (list query); POST: transfers a quantity. */
  voucherTransfers: '/v1/campaigns/company/vouchers/transfers',
  /** POST: exchanges balance for vouchers under a balance-exchange campaign. */
  balanceExchange: pathWithId('/v1/campaigns/:id/exchange'),
} as const;
