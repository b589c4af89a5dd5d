/**
 * The `wheres` and `orders` of a list query (spec §7: base64 JSON lists), decoded and checked
 * against a list's whitelist from @vap/contracts; anything else is a 400 `invalid_list_query`.
 */
import {
  checkOrders,
  checkWheres,
  decodeListParam,
  type FilterSpec,
  type Order,
  type Where,
} from '@vap/contracts';
import { type AnyColumn, and, asc, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ApiError } from './errors.js';

const invalidListQuery = () => new ApiError(400, 'invalid_list_query');

function decoded(encoded: string | undefined): unknown[] {
  if (!encoded) return [];
  try {
    return decodeListParam(encoded);
  } catch {
    throw invalidListQuery();
  }
}

export function listFilters(encoded: string | undefined, spec: FilterSpec) {
  const checked = checkWheres(decoded(encoded), spec);
  if (!checked.ok) throw invalidListQuery();
  return checked.wheres;
}

export function listOrders(encoded: string | undefined, keys: readonly string[]) {
  const checked = checkOrders(decoded(encoded), keys);
  if (!checked.ok) throw invalidListQuery();
  return checked.orders;
}

/** A `like` filter's text as an ILIKE pattern: contained anywhere, its `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A checked filter on a plain column: `like` (contained, case-insensitive), `between`, `>=`, `<=`
 * (an instant for a time column) or `=`.
 */
export function whereOnColumn(column: PgColumn, where: Where): SQL | undefined {
  switch (where.o) {
    case 'like':
      return ilike(column, likePattern(where.v as string));
    case 'between': {
      const [from, to] = where.v as [string, string];
      return and(gte(column, new Date(from)), lte(column, new Date(to)));
    }
    case '>=':
      return gte(column, column.dataType === 'date' ? new Date(where.v as string) : where.v);
    case '<=':
      return lte(column, column.dataType === 'date' ? new Date(where.v as string) : where.v);
    case '=':
      return eq(column, where.v);
    default:
      // checkWheres lets no other operator through.
      throw new Error(`operator ${where.o} is not mapped`);
  }
}

/** The ORDER BY terms of checked `orders`, each key mapped to its column. */
export function sqlOrders(orders: readonly Order[], columns: Readonly<Record<string, AnyColumn>>): SQL[] {
  return orders.flatMap((order) => {
    const column = columns[order.k];
    if (!column) return [];
    return [order.o === 'asc' ? asc(column) : desc(column)];
  });
}

/**
 * A list's statement prepared once per shape: the filters' keys and operators and the sort, which is
 * all that changes its SQL. Its values (the company, the filters' values, limit and offset) are
 * placeholders, so that a page after its shape's first builds no SQL at all: on a busy list,
 * Drizzle building the statement anew was a fifth of the request's time. Shapes are few (a list's
 * filter keys times its sort keys); past `max` the kept statements are dropped and prepared again.
 */
export class PreparedShapes<Row> {
  private readonly kept = new Map<string, { execute(values: Record<string, unknown>): Promise<Row[]> }>();
  private prepared = 0;

  constructor(
    private readonly name: string,
    private readonly max = 200,
  ) {}

  /**
   * Runs the statement of `shape` with `values`, preparing it with `build` the first time: `build`
   * stands the value at an index in with `at(index)`.
   */
  run(
    shape: string,
    values: readonly unknown[],
    build: (at: <T>(index: number) => T) => {
      prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
    },
  ): Promise<Row[]> {
    let statement = this.kept.get(shape);
    if (!statement) {
      if (this.kept.size >= this.max) this.kept.clear();
      statement = build(<T>(index: number) => sql.placeholder(`p${index}`) as unknown as T).prepare(
        `${this.name}_${++this.prepared}`,
      );
      this.kept.set(shape, statement);
    }
    return statement.execute(Object.fromEntries(values.map((value, index) => [`p${index}`, value])));
  }
}
