/**
 * What buying and the orders page share: the orders table's id, which a purchase refreshes, and the
 * finance area's recharge page, where a purchase the balance does not cover leads.
 */
import { type AppRoute, useSession } from '@vap/kernel';

/** The orders' table: its queries' key starts `['data-table', ORDERS_TABLE]`. */
export const ORDERS_TABLE = 'algmall-orders';

/** The recharge page's name in the server menu (spec §2.3), of the finance area. */
export const RECHARGE_PAGE = 'recharge';

/** The recharge page when the user's menu grants it, else null (a link to it would lead nowhere). */
export function useRechargeRoute(): AppRoute | null {
  const { routes } = useSession();
  const route = routes?.byName.get(RECHARGE_PAGE);
  return route?.type === 'page' ? route : null;
}
