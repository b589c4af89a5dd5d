/**
 * Payloads of the campaigns (spec §1, §2.3 `promotion_info`, `trade_in`, §2.4, §3, §4.3, §5.7, §9):
 * a campaign is data — a window (start, end), its terms and its words in the three languages of
 * the console — loaded by migrations and the demo. The trade-in campaign takes applications: lines
 * of old devices (a model from the vendor's list, the vendor's own brands marked; a quantity) and the
 * parcel's tracking number. The vendor reviews them (`npm run ops -- tradein:review`); an approved
 * application's vouchers are credited once, within TRADE_IN_CREDIT_HOURS.
 */
import { z } from 'zod';
import { type FilterSpec, filterTextSchema, instantSchema } from './list.js';

export const CAMPAIGN_KINDS = ['trade_in', 'balance_exchange'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** Where a campaign stands at the moment of the answer: before, inside or after its window. */
export const CAMPAIGN_STATES = ['upcoming', 'open', 'ended'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** Spec §9: an approved application's vouchers reach the balance within 24 hours. */
export const TRADE_IN_CREDIT_HOURS = 24;
/** Lines of one application, at most. */
export const TRADE_IN_LINES_MAX = 20;
/** Devices of one line, at most. */
export const TRADE_IN_QUANTITY_MAX = 1000;
export const TRACKING_NUMBER_MAX_LENGTH = 40;
export const TRADE_IN_REASON_MAX_LENGTH = 200;

const localizedTextSchema = z.object({ 'zh-CN': z.string(), en: z.string(), 'zh-TW': z.string() });

/**
 * A campaign's terms (its data): the value of one voucher in fen, vouchers per device of the
 * vendor's own brands and of other brands, how long a credited voucher stays valid, and where the
 * old devices go (the trade-in's return address).
 */
export const campaignTermsSchema = z.object({
  voucher_value_fen: z.number().int(),
  own_brand_vouchers: z.number().int(),
  other_brand_vouchers: z.number().int(),
  voucher_valid_days: z.number().int(),
  return_address: z.string().nullable(),
  /** Balance exchange: fen of balance per voucher. */
  exchange_fen_per_voucher: z.number().int().nullable(),
});
export type CampaignTerms = z.infer<typeof campaignTermsSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  title: localizedTextSchema,
  /** The rules as the customer reads them. */
  rules: localizedTextSchema,
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  terms: campaignTermsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignsSchema = z.object({ items: z.array(campaignSchema) });

/** An old-device model of the trade-in list; `own_brand`: one of the vendor's brands. */
export const tradeInModelSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  model: z.string(),
  own_brand: z.boolean(),
});
export type TradeInModel = z.infer<typeof tradeInModelSchema>;
export const tradeInModelsSchema = z.object({ items: z.array(tradeInModelSchema) });

export const TRADE_IN_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TradeInStatus = (typeof TRADE_IN_STATUSES)[number];

const idValue = (message: string) =>
  z.number(message).int(message).min(1, message).max(2_147_483_647, message);

export const tradeInLineInputSchema = z.object({
  model_id: idValue('validation.tradeInModel'),
  quantity: z
    .number('validation.tradeInQuantity')
    .int('validation.tradeInQuantity')
    .min(1, 'validation.tradeInQuantity')
    .max(TRADE_IN_QUANTITY_MAX, 'validation.tradeInQuantity'),
});

/** POST trade-in applications (spec §5.7): a tracking number, one or more lines of distinct models. */
export const tradeInApplyBodySchema = z.object({
  campaign_id: idValue('validation.campaign'),
  tracking_number: z
    .string('validation.trackingNumber')
    .trim()
    .min(1, 'validation.trackingNumber')
    .max(TRACKING_NUMBER_MAX_LENGTH, 'validation.trackingNumber'),
  lines: z
    .array(tradeInLineInputSchema, 'validation.tradeInLines')
    .min(1, 'validation.tradeInLines')
    .max(TRADE_IN_LINES_MAX, 'validation.tradeInLines')
    .refine(
      (lines) => new Set(lines.map((line) => line.model_id)).size === lines.length,
      'validation.tradeInModelDuplicate',
    ),
});
export type TradeInApplyBody = z.infer<typeof tradeInApplyBodySchema>;

export const tradeInLineSchema = tradeInModelSchema.omit({ id: true }).extend({
  model_id: z.number().int(),
  quantity: z.number().int(),
});
export type TradeInLine = z.infer<typeof tradeInLineSchema>;

/** A trade-in application (spec §3) with what it is worth: vouchers × their value. */
export const tradeInApplicationSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  campaign_title: localizedTextSchema,
  lines: z.array(tradeInLineSchema),
  tracking_number: z.string(),
  status: z.enum(TRADE_IN_STATUSES),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  /** Vouchers it earns (two per own-brand device, one per other, by the campaign's terms). */
  vouchers: z.number().int(),
  voucher_value_fen: z.number().int(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** When its vouchers reached the company; null while pending, rejected or waiting for the schedule. */
  credited_at: z.string().nullable(),
});
export type TradeInApplication = z.infer<typeof tradeInApplicationSchema>;

export const TRADE_IN_FILTERS = {
  status: { '=': z.enum(TRADE_IN_STATUSES) },
  tracking_number: { like: filterTextSchema(TRACKING_NUMBER_MAX_LENGTH) },
  submitted_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const TRADE_IN_ORDER_KEYS = ['submitted_at'] as const;

/** The vouchers a set of lines earns under a campaign's terms. */
export function tradeInVouchers(
  lines: readonly { own_brand: boolean; quantity: number }[],
  terms: Pick<CampaignTerms, 'own_brand_vouchers' | 'other_brand_vouchers'>,
): number {
  return lines.reduce(
    (sum, line) =>
      sum + line.quantity * (line.own_brand ? terms.own_brand_vouchers : terms.other_brand_vouchers),
    0,
  );
}

// ---- vouchers on the trade-in screen (spec §2.4, §3 coupon transfer, §4.3, §6) ----------------

/** Vouchers of one transfer or one exchange, at most (the validation message says 1 to 1,000). */
export const VOUCHER_QUANTITY_MAX = 1000;

const voucherQuantity = z
  .number('validation.tradeInQuantity')
  .int('validation.tradeInQuantity')
  .min(1, 'validation.tradeInQuantity')
  .max(VOUCHER_QUANTITY_MAX, 'validation.tradeInQuantity');

/**
 * What the company holds for the trade-in screen: its balance (what an exchange spends) and its
 * vouchers usable now (what a transfer moves), with their value.
 */
export const voucherWalletSchema = z.object({
  balance_fen: z.number().int(),
  vouchers: z.number().int(),
  vouchers_fen: z.number().int(),
});
export type VoucherWallet = z.infer<typeof voucherWalletSchema>;

/**
 * POST a voucher transfer (spec §3): how many usable vouchers go, to which cooperating first-level
 * customer (a company directly downstream of the caller's, spec §6).
 */
export const voucherTransferBodySchema = z.object({
  company_id: idValue('validation.transferTarget'),
  quantity: voucherQuantity,
});
export type VoucherTransferBody = z.infer<typeof voucherTransferBodySchema>;

/**
 * A transfer ends at once (spec §4.3): success — the vouchers left the sender and reached the
 * receiver in one transaction — or failed, with why; a failed one moved nothing.
 */
export const VOUCHER_TRANSFER_STATUSES = ['success', 'failed'] as const;
export type VoucherTransferStatus = (typeof VOUCHER_TRANSFER_STATUSES)[number];
export const VOUCHER_TRANSFER_FAILURES = ['vouchers_insufficient'] as const;
export type VoucherTransferFailure = (typeof VOUCHER_TRANSFER_FAILURES)[number];

/** A voucher transfer (spec §3): quantity, target first-level customer, time, status. */
export const voucherTransferSchema = z.object({
  id: z.number().int(),
  to_company_id: z.number().int(),
  to_company_name: z.string(),
  quantity: z.number().int(),
  /** The value of the vouchers moved, in fen; 0 when it failed. */
  value_fen: z.number().int(),
  status: z.enum(VOUCHER_TRANSFER_STATUSES),
  reason: z.enum(VOUCHER_TRANSFER_FAILURES).nullable(),
  created_at: z.string(),
});
export type VoucherTransfer = z.infer<typeof voucherTransferSchema>;

export const VOUCHER_TRANSFER_FILTERS = {
  status: { '=': z.enum(VOUCHER_TRANSFER_STATUSES) },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const VOUCHER_TRANSFER_ORDER_KEYS = ['created_at'] as const;

/** POST a balance exchange (spec §2.4): how many vouchers to buy with the balance. */
export const balanceExchangeBodySchema = z.object({ quantity: voucherQuantity });
export type BalanceExchangeBody = z.infer<typeof balanceExchangeBodySchema>;

/** A balance exchange done: the balance it spent and the vouchers it credited, at the campaign's rate. */
export const balanceExchangeSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  quantity: z.number().int(),
  /** Balance spent: quantity × the campaign's `exchange_fen_per_voucher`. */
  spent_fen: z.number().int(),
  voucher_value_fen: z.number().int(),
  balance_after_fen: z.number().int(),
  created_at: z.string(),
});
export type BalanceExchange = z.infer<typeof balanceExchangeSchema>;

/** The balance a number of vouchers costs under a balance-exchange campaign's terms. */
export function exchangeCost(
  quantity: number,
  terms: Pick<CampaignTerms, 'exchange_fen_per_voucher'>,
): number {
  return quantity * (terms.exchange_fen_per_voucher ?? 0);
}
