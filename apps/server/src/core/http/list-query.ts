/**
 * The `wheres` and `orders` of a list query (spec §7: base64 JSON lists), decoded and checked
 * against a list's whitelist from @vap/contracts; anything else is a 400 `invalid_list_query`.
 * Their SQL is list-sql.ts's.
 */
import { checkOrders, checkWheres, decodeListParam, type FilterSpec } from '@vap/contracts';
import { sql } from 'drizzle-orm';
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

/** The filters and the sort of a list query, without its page (an export's: every row they match). */
export function listSelection(
  query: { wheres?: string | undefined; orders?: string | undefined },
  filters: FilterSpec,
  orderKeys: readonly string[],
) {
  return { wheres: listFilters(query.wheres, filters), orders: listOrders(query.orders, orderKeys) };
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
