/**
 * Payloads of the algorithm mall (spec §1, §2.3 `algmall_product_list`, `algmall_product_detail`):
 * the vendor's algorithms as products. A product is data, loaded by the operator
 * (`npm run ops -- algmall:products <file>`, a JSON list of `productInputSchema`) and read by every
 * signed-in company with the product list page. Its words come in the three languages of the
 * console, all three in each answer: the console shows the one it speaks and switches without asking again.
 */
import { z } from 'zod';
import { DEVICE_KINDS, LANGUAGES, type Language } from './constants.js';
import { type FilterSpec, instantSchema } from './list.js';

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
  text: { like: z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH) },
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
  product_id: z.number().int().min(1).max(2_147_483_647),
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
  number: { like: z.string().trim().min(1).max(32) },
  product_id: { '=': z.number().int().min(1).max(2_147_483_647) },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;
export const ALGMALL_ORDER_ORDER_KEYS = ['created_at', 'amount', 'remaining'] as const;
