/**
 * The `wheres` and `orders` of a list query (spec §7: base64 JSON lists), decoded and checked
 * against a list's whitelist from @vap/contracts; anything else is a 400 `invalid_list_query`.
 */
import { checkOrders, checkWheres, decodeListParam, type FilterSpec } from '@vap/contracts';
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
