/**
 * The spec's campaigns (§9): vouchers of ¥10, two per old device of the vendor's brands and one per
 * device of another brand; a balance exchange of ¥9 of balance per voucher of ¥10. The
 * migration writes the late-2025 campaigns with these terms; the demo opens a current window.
 */
import type { CampaignTerms } from '@vap/contracts';

export const RETURN_ADDRESS = '广东省深圳市南山区科技园南区 VAP 回收中心 收件人：以旧换新 电话：400-800-0000';

export const TRADE_IN_TERMS: CampaignTerms = {
  voucher_value_fen: 1_000,
  own_brand_vouchers: 2,
  other_brand_vouchers: 1,
  voucher_valid_days: 365,
  return_address: RETURN_ADDRESS,
  exchange_fen_per_voucher: null,
};

export const BALANCE_EXCHANGE_TERMS: CampaignTerms = {
  voucher_value_fen: 1_000,
  own_brand_vouchers: 0,
  other_brand_vouchers: 0,
  voucher_valid_days: 365,
  return_address: null,
  exchange_fen_per_voucher: 900,
};
