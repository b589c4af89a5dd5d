/**
 * The `wheres` and `orders` of a list query (spec §7: base64 JSON lists), decoded and checked
 * against a list's whitelist from @vap/contracts; anything else is a 400 `invalid_list_query`.
 */
import { checkOrders, checkWheres, decodeListParam, type FilterSpec, type Order } from '@vap/contracts';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
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

/** The ORDER BY terms of checked `orders`, each key mapped to its column. */
export function sqlOrders(orders: readonly Order[], columns: Readonly<Record<string, AnyColumn>>): SQL[] {
  return orders.flatMap((order) => {
    const column = columns[order.k];
    if (!column) return [];
    return [order.o === 'asc' ? asc(column) : desc(column)];
  });
}
