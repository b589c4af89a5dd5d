import { encodeListParam, type Order, type Where } from '@vap/contracts';

/**
 * Filters and a sort as a count's or an export's own query takes them: base64 JSON lists, each
 * left out when empty (spec §7), as a list query sends them.
 */
export function listParams(
  wheres: readonly Where[],
  orders: readonly Order[] = [],
): { wheres?: string; orders?: string } {
  return {
    ...(wheres.length > 0 ? { wheres: encodeListParam(wheres) } : {}),
    ...(orders.length > 0 ? { orders: encodeListParam(orders) } : {}),
  };
}
