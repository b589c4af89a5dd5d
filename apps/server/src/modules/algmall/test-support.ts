/**
 * What the algorithm mall's tests share: products of a test's own in the catalogue, and a list's
 * query string.
 */
import {
  encodeListParam,
  type Order,
  type ProductInput,
  productInputSchema,
  type Where,
} from '@vap/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ProductCatalogue } from './products.js';
import { algmallProducts } from './schema.js';

/**
 * A product of a test's own, named in each language (`zh` with ` 简` and ` 繁`, so that the two
 * Chinese names differ), ¥100.00 an authorisation for IP cameras, no trial; `rest` sets what the
 * test is about (its price, kinds, models, trial days).
 */
export const testProduct = (
  code: string,
  words: { en: string; zh: string; summary?: string },
  rest: Partial<ProductInput> = {},
): ProductInput => ({
  code,
  name: { 'zh-CN': `${words.zh} 简`, en: words.en, 'zh-TW': `${words.zh} 繁` },
  summary: { 'zh-CN': `摘要 ${code}`, en: words.summary ?? `About ${code}`, 'zh-TW': `摘要 ${code}` },
  detail: { 'zh-CN': '详情', en: 'Detail', 'zh-TW': '詳情' },
  version: '1.0.0',
  kinds: ['ipc'],
  price_fen: 10_000,
  trial_days: null,
  ...rest,
});

/** Loads the products into the catalogue, as the ops command does; their ids by code. */
export async function loadProducts(
  db: Db,
  products: readonly ProductInput[],
): Promise<Record<string, number>> {
  await new ProductCatalogue(db).load(products.map((product) => productInputSchema.parse(product)));
  const rows = await db
    .select({ id: algmallProducts.id, code: algmallProducts.code })
    .from(algmallProducts)
    .where(
      inArray(
        algmallProducts.code,
        products.map((product) => product.code),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.code, row.id]));
}

/** What a test asks of a list. */
export interface ListParams {
  wheres?: Where[];
  orders?: Order[];
  page?: number;
  size?: number;
}

/** A list's query string (spec §4.1): the page, size, wheres and orders given, encoded. */
export function listQuery(query: ListParams = {}) {
  const encoded = (list: readonly (Where | Order)[]) => encodeURIComponent(encodeListParam([...list]));
  return [
    ...(query.page ? [`page=${query.page}`] : []),
    ...(query.size ? [`size=${query.size}`] : []),
    ...(query.wheres ? [`wheres=${encoded(query.wheres)}`] : []),
    ...(query.orders ? [`orders=${encoded(query.orders)}`] : []),
  ].join('&');
}
