/**
 * Payloads of the algorithm mall (spec §1, §2.3 `algmall_product_list`, `algmall_product_detail`):
 * the vendor's algorithms as products. A product is data, loaded by the operator
 * (`npm run ops -- algmall:products <file>`, a JSON list of `productInputSchema`) and read by every
 * signed-in company with the product list page. Its words come in the three languages of the
 * console, all three in each answer: the console shows the one it speaks and switches without asking again.
 */
import { z } from 'zod';
import { DEVICE_KINDS, LANGUAGES, type Language } from './constants.js';
import { idSchema } from './ids.js';
import { type FilterSpec, filterTextSchema, instantSchema, serialFilterSchema } from './list.js';

/** A product's code: its key across loads (letters, digits, underscore and dash, 2–40). */
export const PRODUCT_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,39}$/;
export const PRODUCT_NAME_MAX_LENGTH = 40;
export const PRODUCT_SUMMARY_MAX_LENGTH = 200;
export const PRODUCT_DETAIL_MAX_LENGTH = 20_000;
/** Images of a product's detail, at most. */
export const PRODUCT_IMAGES_MAX = 10;
/** Device models a product names, at most. */
export const PRODUCT_MODELS_MAX = 100;
/** A price per authorisation, in fen: at most ¥1,000,000. */
export const PRODUCT_PRICE_MAX_FEN = 100_000_000;
/** The longest trial, in days. */
export const PRODUCT_TRIAL_MAX_DAYS = 90;
/** Products one file may load, at most. */
export const PRODUCTS_FILE_MAX_ROWS = 1000;

/** A text in each language of the console. */
const textIn = (max: number) =>
  z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, z.string().trim().min(1).max(max)])) as Record<
      Language,
      z.ZodString
    >,
  );
export const productNameSchema = textIn(PRODUCT_NAME_MAX_LENGTH);
export type LocalizedText = z.infer<typeof productNameSchema>;

/** An image of a product's detail: an https address, or a path of this server (`/…`). */
export const productImageSchema = z
  .string()
  .max(2048)
  .refine((value) => /^https:\/\/[^\s]+$/.test(value) || /^\/[^\s/][^\s]*$/.test(value));

/** A device model a product runs on, as the devices report it. */
export const productModelSchema = z.string().trim().min(1).max(32);

/** One product of a products file, as the operator writes it. */
export const productInputSchema = z.object({
  code: z.string().regex(PRODUCT_CODE_PATTERN),
  name: productNameSchema,
  summary: textIn(PRODUCT_SUMMARY_MAX_LENGTH),
  detail: textIn(PRODUCT_DETAIL_MAX_LENGTH),
  images: z.array(productImageSchema).max(PRODUCT_IMAGES_MAX).default([]),
  version: z.string().trim().min(1).max(32),
  /** The device kinds it runs on. */
  kinds: z.array(z.enum(DEVICE_KINDS)).min(1).max(DEVICE_KINDS.length),
  /** The device models it runs on; none: every model of its kinds. */
  models: z.array(productModelSchema).max(PRODUCT_MODELS_MAX).default([]),
  /** Price of one authorisation, in fen. */
  price_fen: z.number().int().min(0).max(PRODUCT_PRICE_MAX_FEN),
  /** Days of a trial authorisation; null when the product has no trial. */
  trial_days: z.number().int().min(1).max(PRODUCT_TRIAL_MAX_DAYS).nullable(),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** A product as the mall shows it. */
export const productSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: productNameSchema,
  summary: textIn(PRODUCT_SUMMARY_MAX_LENGTH),
  version: z.string(),
  kinds: z.array(z.enum(DEVICE_KINDS)),
  models: z.array(z.string()),
  price_fen: z.number().int(),
  trial_days: z.number().int().nullable(),
  /** The first image of its detail, for its card; null without one. */
  cover: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/** A product with its detail (page algmall_product_detail). */
export const productDetailSchema = productSchema.extend({
  detail: textIn(PRODUCT_DETAIL_MAX_LENGTH),
  images: z.array(z.string()),
  /** ISO 8601: when the operator last loaded it. */
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * The product list's filters: the device kind it runs on, and words of its name or summary in any
 * of the three languages.
 */
export const PRODUCT_FILTERS = {
  kind: { '=': z.enum(DEVICE_KINDS) },
  text: { like: filterTextSchema(PRODUCT_NAME_MAX_LENGTH) },
} as const satisfies FilterSpec;
export const PRODUCT_ORDER_KEYS = ['name', 'price_fen', 'updated_at'] as const;

/** Authorisations one purchase may buy, at most. */
export const ORDER_QUANTITY_MAX = 10_000;
/** An order of the mall's export, at most this many rows (spec §5.7). */
export const ORDER_EXPORT_MAX_ROWS = 5000;

/**
 * POST orders: buys `quantity` authorisations of a product at its price. `request_id` is the
 * console's key of this one purchase (a UUID made when the buy dialog opens): the same key again —
 * a retry after a lost answer, a double click — answers the first order and charges nothing more.
 */
export const buyBodySchema = z.object({
  product_id: idSchema,
  quantity: z
    .number('validation.quantity')
    .int('validation.quantity')
    .min(1, 'validation.quantity')
    .max(ORDER_QUANTITY_MAX, 'validation.quantity'),
  request_id: z.uuid(),
});
export type BuyBody = z.infer<typeof buyBodySchema>;

/**
 * An order of authorisations (spec §3 Order): its number, the product, how many were bought, used by
 * authorisations, given back by failed ones, and remain (bought − used + returned), what it cost, when.
 */
export const algmallOrderSchema = z.object({
  id: z.number().int(),
  /** `A`, the date (UTC) and the id in six digits or more, A20261128000042: the reference of its ledger charge. */
  number: z.string(),
  product_id: z.number().int(),
  product_name: productNameSchema,
  purchased: z.number().int(),
  used: z.number().int(),
  returned: z.number().int(),
  remaining: z.number().int(),
  /** Fen: the price at purchase times the quantity. */
  amount: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type AlgmallOrder = z.infer<typeof algmallOrderSchema>;

/** `wheres` of the orders (page algmall_order). */
export const ALGMALL_ORDER_FILTERS = {
  number: { like: filterTextSchema(32) },
  product_id: { '=': idSchema },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const ALGMALL_ORDER_ORDER_KEYS = ['created_at', 'amount', 'remaining'] as const;

// ---- authorisations (spec §2.3 algmall_onauth, algmall_offauth, algmall_consume; §4.3) -------------

/**
 * Where a device's authorisation stands (spec §4.3): in progress while its licence travels to the
 * device (waiting for it to come online included), then success, failed (the device refused it:
 * an unsupported model, …), cancelled (before the device started) or timeout (no answer in time).
 * A failed, cancelled or timed-out one has given its authorisation back to its order and can be
 * retried, which takes one again.
 */
export const AUTHORISATION_STATES = ['in_progress', 'success', 'failed', 'cancelled', 'timeout'] as const;
export type AuthorisationState = (typeof AUTHORISATION_STATES)[number];
/** How a licence reached the device: over the broker, or as a file the customer carried to it. */
export const AUTHORISATION_MODES = ['online', 'offline'] as const;
export type AuthorisationMode = (typeof AUTHORISATION_MODES)[number];

/** Devices one online authorisation may name, at most. */
export const AUTHORISE_MAX_DEVICES = 500;
/** Minutes a device has to install a licence once it received it; then the authorisation times out. */
export const AUTHORISATION_TIMEOUT_MINUTES = 5;
/** Hours an offline device is waited for; then the authorisation times out too. */
export const AUTHORISATION_DEADLINE_HOURS = 72;

/** POST authorisations: one authorisation of a product for each of these devices of the company. */
export const authoriseBodySchema = z.object({
  product_id: idSchema,
  device_ids: z
    .array(idSchema)
    .min(1, 'validation.authoriseDevices')
    .max(AUTHORISE_MAX_DEVICES, 'validation.authoriseDevices'),
});
export type AuthoriseBody = z.infer<typeof authoriseBodySchema>;

/** A device the caller may authorise: their own company's, within their groups (the picker's). */
export const authorisableDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  online: z.boolean(),
});
export type AuthorisableDevice = z.infer<typeof authorisableDeviceSchema>;
export const AUTHORISABLE_DEVICE_FILTERS = {
  sn: { like: serialFilterSchema },
} as const satisfies FilterSpec;

/** One device's authorisation of a product (pages algmall_onauth, algmall_offauth, algmall_consume). */
export const authorisationSchema = z.object({
  id: z.number().int(),
  mode: z.enum(AUTHORISATION_MODES),
  product_id: z.number().int(),
  product_name: productNameSchema,
  /** The device: its id while bound to the company (null for an offline one or once unbound). */
  device_id: z.number().int().nullable(),
  sn: z.string(),
  device_name: z.string(),
  model: z.string(),
  state: z.enum(AUTHORISATION_STATES),
  /** Why it failed, as the device or the server said it (`unsupported_model`, …); null otherwise. */
  reason: z.string().nullable(),
  /** The order its authorisation was taken from last; null while it has none (given back). */
  order_number: z.string().nullable(),
  attempts: z.number().int(),
  /** A trial's end (ISO 8601): it took no authorisation, and its licence expires then; null otherwise. */
  trial_until: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export type Authorisation = z.infer<typeof authorisationSchema>;

/**
 * POST trials: a trial of a product on one device of the caller's (a product with a trial, once per
 * device and product): free, its licence valid for the product's trial days.
 */
export const trialBodySchema = z.object({
  product_id: idSchema,
  device_id: z.number('validation.selectDevices').int().min(1, 'validation.selectDevices').max(2_147_483_647),
});
export type TrialBody = z.infer<typeof trialBodySchema>;

/** `wheres` of the authorisations. */
export const AUTHORISATION_FILTERS = {
  mode: { '=': z.enum(AUTHORISATION_MODES) },
  state: { '=': z.enum(AUTHORISATION_STATES) },
  product_id: { '=': idSchema },
  sn: { like: serialFilterSchema },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const AUTHORISATION_ORDER_KEYS = ['created_at'] as const;

/** POST authorisations/cancel and /retry: these authorisations of the company. */
export const authorisationIdsBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(AUTHORISE_MAX_DEVICES),
});
export type AuthorisationIdsBody = z.infer<typeof authorisationIdsBodySchema>;
/** How many of those changed: cancelled or retried; the others were not in a state to. */
export const authorisationsChangedSchema = z.object({ changed: z.number().int() });

/**
 * What a licence says (the signed part of a licence file and of an online authorisation's
 * command): which device may run which product, from when, until when (null: for good). Devices
 * check its Ed25519 signature against the key the server publishes (`licenceKey`).
 */
export const licencePayloadSchema = z.object({
  v: z.literal(1),
  /** The authorisation's id. */
  id: z.number().int(),
  sn: z.string().min(1).max(64),
  /** The product's code, and the version bought. */
  product: z.string().min(1).max(40),
  version: z.string().max(32),
  /** ISO 8601. */
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  /** Offline: the hardware id of the fingerprint it was issued for; the device checks it is its own. */
  hardware_id: z.string().max(128).optional(),
});
export type LicencePayload = z.infer<typeof licencePayloadSchema>;

/**
 * A licence: the payload as base64url JSON, exactly the bytes signed, and the Ed25519 signature of
 * them (base64url). Signing bytes rather than an object leaves no canonical form to agree on.
 */
export const licenceSchema = z.object({
  payload: z.string().min(1).max(4096),
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/),
});
export type Licence = z.infer<typeof licenceSchema>;

/** GET licence_key: the server's Ed25519 public key, raw 32 bytes as base64url, for devices. */
export const licenceKeySchema = z.object({ algorithm: z.literal('Ed25519'), key: z.string() });

// ---- offline authorisation (spec §2.3 algmall_offauth, §5.6, §8) -----------------------------------

/** The largest fingerprint file read (spec §5.6 offline-authorisation file ≤ 20M). */
export const FINGERPRINT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A device's fingerprint file, which a device that never reaches the platform writes for its owner to
 * carry: JSON of its serial, model and hardware id (hex, 16–128 digits, from its board).
 */
export const fingerprintSchema = z.object({
  v: z.literal(1),
  sn: z.string().trim().min(1).max(64),
  model: z.string().trim().min(1).max(32),
  hardware_id: z.string().regex(/^[0-9a-f]{16,128}$/),
});
export type Fingerprint = z.infer<typeof fingerprintSchema>;

/** The licence file a device loads: the licence, as GET offline_licences/{id}/file answers it. */
export const licenceFileSchema = licenceSchema;
