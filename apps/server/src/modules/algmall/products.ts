/**
 * The algorithm mall's products (spec §1): the list and detail every company reads, and the load of
 * the operator's products file (and of the demo's products), one upsert by code. Filters and sort
 * keys arrive checked against `PRODUCT_FILTERS` and `PRODUCT_ORDER_KEYS` of @vap/contracts and are
 * mapped to columns here.
 */
import {
  LANGUAGES,
  type Language,
  type ListPage,
  type ListQuery,
  PRODUCT_FILTERS,
  PRODUCT_ORDER_KEYS,
  type Product,
  type ProductDetail,
  type productInputSchema,
} from '@vap/contracts';
import { asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../core/db/client.js';
import { likePattern, orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import type { LoadCounts } from '../../core/list-file.js';
import { algmallProducts as products } from './schema.js';

/** A row of a products file once checked: what a load stores. */
export type ProductRow = z.output<typeof productInputSchema>;

/** Rows per insert statement of a load: a file's thousand rows stay far below the 65,535 parameters. */
const LOAD_CHUNK = 200;

const inLanguage = (column: typeof products.name | typeof products.summary, language: Language) =>
  sql`(${column} ->> ${language})`;

/** Words of the name or summary in any language: the card shows them all, as the console switches. */
const productFilters = whereOf(PRODUCT_FILTERS, {
  kind: ({ v }, param) => sql`${param(v)} = any(${products.kinds})`,
  text: ({ v }, param) => {
    const pattern = param(likePattern(v));
    return or(
      ...LANGUAGES.flatMap((language) => [
        sql`${inLanguage(products.name, language)} ilike ${pattern}`,
        sql`${inLanguage(products.summary, language)} ilike ${pattern}`,
      ]),
    );
  },
});

/** By name in the caller's language: the order the cards are read in. */
const productSorting = (language: Language) =>
  orderOf(PRODUCT_ORDER_KEYS, {
    name: inLanguage(products.name, language),
    price_fen: products.priceFen,
    updated_at: products.updatedAt,
  });

/** What a product's card shows besides its id and code: all that a load writes but the detail. */
const CARD = {
  name: products.name,
  summary: products.summary,
  images: products.images,
  version: products.version,
  kinds: products.kinds,
  models: products.models,
  priceFen: products.priceFen,
  trialDays: products.trialDays,
} as const;
const cardColumns = { id: products.id, code: products.code, ...CARD };
type CardRow = typeof products.$inferSelect;

const toProduct = (row: Pick<CardRow, keyof typeof cardColumns>): Product => ({
  id: row.id,
  code: row.code,
  name: row.name,
  summary: row.summary,
  version: row.version,
  kinds: row.kinds,
  models: row.models,
  price_fen: row.priceFen,
  trial_days: row.trialDays,
  cover: row.images[0] ?? null,
});

export class ProductCatalogue {
  constructor(private readonly db: Db) {}

  /** A page of the products, in the caller's language's name order unless asked otherwise. */
  async list(request: ListQuery, language: Language): Promise<ListPage<Product>> {
    const where = productFilters(request.wheres);
    const name = inLanguage(products.name, language);
    const { items, total } = await pageOf(
      request,
      this.db
        .select(cardColumns)
        .from(products)
        .where(where)
        .orderBy(...productSorting(language)(request.orders), asc(name), asc(products.id)),
      this.db.select({ total: count() }).from(products).where(where),
    );
    return { items: items.map(toProduct), total };
  }

  /** One product with its detail; undefined when there is none of that id. */
  async detail(id: number): Promise<ProductDetail | undefined> {
    const [row] = await this.db
      .select({ ...cardColumns, detail: products.detail, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.id, id));
    if (!row) return undefined;
    return {
      ...toProduct(row),
      detail: row.detail,
      images: row.images,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /**
   * Stores checked rows, each by its code (codes unique among them): a new code is added, a known
   * one takes the row's values, and one whose row equals what is stored is left as it was, its
   * `updated_at` with it — loading the same file again changes nothing. One transaction (a savepoint
   * when the caller's `db` is one already): a load is whole or nothing.
   */
  async load(rows: readonly ProductRow[]): Promise<LoadCounts> {
    if (rows.length === 0) return { added: 0, updated: 0, unchanged: 0 };
    return this.db.transaction(async (tx) => {
      // Two loads at once would each count the other's new codes as theirs: one at a time.
      await tx.execute(sql`lock table ${products} in share row exclusive mode`);
      const codes = rows.map((row) => row.code);
      const known = new Set(
        (await tx.select({ code: products.code }).from(products).where(inArray(products.code, codes))).map(
          (row) => row.code,
        ),
      );
      let added = 0;
      let updated = 0;
      for (let start = 0; start < rows.length; start += LOAD_CHUNK) {
        const written = await tx
          .insert(products)
          .values(rows.slice(start, start + LOAD_CHUNK).map(toStored))
          .onConflictDoUpdate({
            target: products.code,
            set: { ...fromExcluded, updatedAt: sql`now()` },
            setWhere: changed,
          })
          .returning({ code: products.code });
        for (const { code } of written) {
          if (known.has(code)) updated++;
          else added++;
        }
      }
      return { added, updated, unchanged: rows.length - added - updated };
    });
  }
}

const toStored = (row: ProductRow) => ({
  code: row.code,
  name: row.name,
  summary: row.summary,
  detail: row.detail,
  images: row.images,
  version: row.version,
  kinds: row.kinds,
  models: row.models,
  priceFen: row.price_fen,
  trialDays: row.trial_days,
});

/** The columns a load writes, besides the code: an update takes each from the row it inserted. */
const LOADED = { ...CARD, detail: products.detail } as const;
const fromExcluded = Object.fromEntries(
  Object.entries(LOADED).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
) as Record<keyof typeof LOADED, SQL>;
/** jsonb compares by value (not by the order of its keys), arrays element by element. */
const changed = sql`(${sql.join(Object.values(LOADED), sql`, `)}) is distinct from (${sql.join(
  Object.values(fromExcluded),
  sql`, `,
)})`;
