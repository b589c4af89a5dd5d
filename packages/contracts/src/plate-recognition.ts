/**
 * Payloads of plate recognition (spec §1 cloud licence-plate recognition billed per call or by
 * resource package; §2.3 `prs_trial`, `prs_detail`; §4.3; §5.6; §9): the 28 plate types, the
 * answer of one recognition, the per-call tiers of a month, the resource packages on offer and the
 * detail page's usage. The names of the plate types are words of the locale files
 * (`prs.plateTypes.<type>` of locales/server), listed here once as codes.
 */
import { z } from 'zod';
import { type FilterSpec, filterTextSchema, instantSchema } from './list.js';

/**
 * The 28 plate types (spec §9), after the codes of China's vehicle registration (GA 24.7: 01–17,
 * 20, 22–24, 26, 27, 31, 32, 51, 52 — the test plates 18/19, temporary-entry motorcycles 21, the
 * old farm-machinery plates 25 and "other" 99 left out), in that order, and the emergency-rescue
 * plates of 2018.
 */
export const PLATE_TYPES = [
  'large_vehicle',
  'small_vehicle',
  'embassy',
  'consulate',
  'overseas',
  'foreign',
  'motorcycle',
  'light_motorcycle',
  'embassy_motorcycle',
  'consulate_motorcycle',
  'overseas_motorcycle',
  'foreign_motorcycle',
  'low_speed',
  'tractor',
  'trailer',
  'coach',
  'coach_motorcycle',
  'temporary_entry',
  'temporary',
  'police',
  'police_motorcycle',
  'hong_kong',
  'macau',
  'armed_police',
  'military',
  'new_energy_large',
  'new_energy_small',
  'emergency',
] as const;
export type PlateType = (typeof PLATE_TYPES)[number];

/** A plate's colour; `unknown` where an engine gives none (Alibaba Cloud's OCR). */
export const PLATE_COLORS = ['blue', 'yellow', 'green', 'yellow_green', 'white', 'black', 'unknown'] as const;
export type PlateColor = (typeof PLATE_COLORS)[number];

/** A point of an image, in pixels from its top-left corner. */
const pointSchema = z.tuple([z.number(), z.number()]);

/** One plate read: its number, type, colour, confidence (0–1) and the four corners of its box. */
export const plateReadingSchema = z.object({
  number: z.string().min(1).max(16),
  type: z.enum(PLATE_TYPES),
  color: z.enum(PLATE_COLORS),
  confidence: z.number().min(0).max(1),
  /** Top-left, top-right, bottom-right, bottom-left, clockwise, as the engine gives them. */
  box: z.tuple([pointSchema, pointSchema, pointSchema, pointSchema]),
});
export type PlateReading = z.infer<typeof plateReadingSchema>;

/** An image for recognition (spec §5.6 trial image): PNG or JPEG, at most 2 MiB and 5000×5000. */
export const PRS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PRS_IMAGE_MAX_SIDE = 5000;
/** The longest base64 text of such an image. */
export const PRS_IMAGE_MAX_BASE64 = Math.ceil(PRS_IMAGE_MAX_BYTES / 3) * 4;
/**
 * The largest body of `recognize` and the trial: the base64 of a 2 MiB image and some room; a body
 * over it is refused before it is read. A text between the image's limit and this one is answered
 * `file_too_large`.
 */
export const PRS_BODY_MAX_BYTES = PRS_IMAGE_MAX_BASE64 + 64 * 1024;

/**
 * The body of `recognize` and of the trial: the image as base64 (no `data:` prefix). JSON rather
 * than multipart, so that an access key signs it like every other open-API body (docs/open-api.md).
 * Text that is no base64 PNG or JPEG is `file_content_incorrect`, one over 2 MiB `file_too_large`.
 */
export const recognizeBodySchema = z.object({
  image: z.string().min(1).max(PRS_BODY_MAX_BYTES),
});
export type RecognizeBody = z.infer<typeof recognizeBodySchema>;

/** How a call was paid: from a resource package, per call, not at all (a trial, or no plate found). */
export const PRS_BILLINGS = ['package', 'per_call', 'trial', 'none'] as const;
export type PrsBilling = (typeof PRS_BILLINGS)[number];

/** What `recognize` answers: the plate read (null: none found, and nothing billed) and its cost. */
export const recognizeAnswerSchema = z.object({
  plate: plateReadingSchema.nullable(),
  billing: z.enum(PRS_BILLINGS),
  /** Fen charged to the balance (0 unless per call). */
  amount: z.number().int(),
});
export type RecognizeAnswer = z.infer<typeof recognizeAnswerSchema>;

/** The trial's answer: the plate read, and the trials left today. */
export const trialAnswerSchema = z.object({
  plate: plateReadingSchema.nullable(),
  left: z.number().int().nonnegative(),
  max: z.number().int().nonnegative(),
});
export type TrialAnswer = z.infer<typeof trialAnswerSchema>;

export const trialCountSchema = z.object({ left: z.number().int().nonnegative(), max: z.number().int() });
export type TrialCount = z.infer<typeof trialCountSchema>;

/**
 * The per-call tiers of a calendar month (spec §9): a call's price is set by its rank among the
 * company's per-call-billed calls of the month (Asia/Shanghai); `upTo` null is the last tier.
 */
export const PRS_TIERS: ReadonlyArray<{ upTo: number | null; priceFen: number }> = [
  { upTo: 10_000, priceFen: 10 },
  { upTo: 100_000, priceFen: 8 },
  { upTo: 1_000_000, priceFen: 4 },
  { upTo: null, priceFen: 2 },
];

/** The index in PRS_TIERS of the call ranked `rank` (1-based) in its month. */
export function tierOfRank(rank: number): number {
  const index = PRS_TIERS.findIndex((tier) => tier.upTo === null || rank <= tier.upTo);
  return index < 0 ? PRS_TIERS.length - 1 : index;
}

/** The fen of the call ranked `rank` in its month. */
export const priceOfRank = (rank: number): number => PRS_TIERS[tierOfRank(rank)]?.priceFen ?? 0;

/** A resource package is valid one year from its purchase (spec §9), never renewed or refunded. */
export const PRS_PACKAGE_VALID_MONTHS = 12;

/** The resource packages on offer: calls and price, in fen. */
export const PRS_PACKAGE_OFFERS = [
  { code: 'calls_10k', calls: 10_000, priceFen: 80_000 },
  { code: 'calls_100k', calls: 100_000, priceFen: 600_000 },
  { code: 'calls_1m', calls: 1_000_000, priceFen: 3_000_000 },
] as const;
export type PrsPackageOffer = (typeof PRS_PACKAGE_OFFERS)[number];
export const PRS_PACKAGE_CODES = PRS_PACKAGE_OFFERS.map((offer) => offer.code) as [
  PrsPackageOffer['code'],
  ...PrsPackageOffer['code'][],
];

/** POST packages: buys one package; `request_id` makes a purchase sent twice one package and one charge. */
export const buyPackageBodySchema = z.object({
  offer: z.enum(PRS_PACKAGE_CODES),
  request_id: z.uuid(),
});
export type BuyPackageBody = z.infer<typeof buyPackageBodySchema>;

/** A company's resource package: what it holds and until when. */
export const prsPackageSchema = z.object({
  id: z.number().int(),
  /** `P`, the date and the id: the reference of its ledger charge. */
  number: z.string(),
  offer: z.string(),
  calls: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  amount: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PrsPackage = z.infer<typeof prsPackageSchema>;

export const prsPackagesSchema = z.object({ items: z.array(prsPackageSchema) });

/** A month of usage: `2026-11` (Asia/Shanghai). */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const usageQuerySchema = z.object({ month: monthSchema.optional() });

/** The detail page's month: its tiers and what each cost, and its days. */
export const prsUsageSchema = z.object({
  month: z.string(),
  tiers: z.array(
    z.object({
      from: z.number().int(),
      up_to: z.number().int().nullable(),
      price_fen: z.number().int(),
      calls: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  days: z.array(
    z.object({
      /** `2026-11-28` (Asia/Shanghai). */
      day: z.string(),
      package_calls: z.number().int(),
      per_call_calls: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  package_calls: z.number().int(),
  per_call_calls: z.number().int(),
  amount: z.number().int(),
});
export type PrsUsage = z.infer<typeof prsUsageSchema>;

/** One call as the detail page lists it. */
export const prsCallSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  plate: z.string(),
  type: z.enum(PLATE_TYPES),
  color: z.enum(PLATE_COLORS),
  billing: z.enum(PRS_BILLINGS),
  /** Fen; 0 unless per call. */
  amount: z.number().int(),
});
export type PrsCall = z.infer<typeof prsCallSchema>;

export const PRS_CALL_FILTERS = {
  at: { between: z.tuple([instantSchema, instantSchema]) },
  billing: { '=': z.enum(PRS_BILLINGS) },
  plate: { like: filterTextSchema(16) },
} as const satisfies FilterSpec;
export const PRS_CALL_ORDER_KEYS = ['at', 'amount'] as const;

/** The calls export, at most this many rows (spec §5.7). */
export const PRS_EXPORT_MAX_ROWS = 5000;
