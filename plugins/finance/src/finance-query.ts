/**
 * The company's money at a glance (GET /finance), shared by the recharge page, the dashboard card
 * and the top bar warning through one query of the kernel's query client: whatever changes the
 * balance or the threshold (a recharge paid, the threshold saved) refreshes all three at once.
 */
import { useQuery } from '@tanstack/react-query';
import { type AppRoute, useService, useSession } from '@vap/kernel';
import { FinanceApiRef } from './refs.js';

/** The recharge page's name in the server menu (spec §2.3). */
export const RECHARGE_PAGE = 'recharge';

/** The query of GET /finance. */
export const FINANCE_KEY = ['finance', 'summary'] as const;

/** The recharge orders' table: its queries' key starts `['data-table', RECHARGES_TABLE]`. */
export const RECHARGES_TABLE = 'finance-recharges';

/**
 * The recharge page when the user's menu grants it, else null: the balance is shown (card, top
 * bar) only to those who may open it, as GET /finance needs the page.
 */
export function useRechargeRoute(): AppRoute | null {
  const { routes } = useSession();
  const route = routes?.byName.get(RECHARGE_PAGE);
  return route?.type === 'page' ? route : null;
}

/** GET /finance (quiet: each place shows a failure its own way); asked only while `enabled`. */
export function useFinance(enabled = true) {
  const api = useService(FinanceApiRef);
  return useQuery({
    queryKey: FINANCE_KEY,
    queryFn: ({ signal }) => api.finance({ signal }),
    enabled,
  });
}

/** The query of one recharge order, followed while its payer pays. */
export const orderKey = (id: number) => ['finance', 'recharge', id] as const;
