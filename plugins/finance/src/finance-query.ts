/**
 * The company's money at a glance (GET /finance), shared by the recharge page, the dashboard card
 * and the top bar warning through one query of the kernel's query client: whatever changes the
 * balance or the threshold (a recharge paid, the threshold saved) refreshes all three at once.
 */
import { useQuery } from '@tanstack/react-query';
import { callKey, FINANCE_CALLS, isOwner } from '@vap/contracts';
import { type AppRoute, useClient, useSession } from '@vap/kernel';

/** The recharge page's name in the server menu (spec §2.3). */
export const RECHARGE_PAGE = 'recharge';

/** The query of GET /finance. */
export const FINANCE_KEY = callKey(FINANCE_CALLS.finance);

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
  const finance = useClient(FINANCE_CALLS);
  return useQuery({
    queryKey: FINANCE_KEY,
    // Quiet: the top bar, the dashboard card and the recharge page each show a failure their own way.
    queryFn: ({ signal }) => finance.finance({}, { signal, quiet: true }),
    enabled,
  });
}

/** The query of one recharge order, followed while its payer pays. */
export const orderKey = (id: number) => callKey(FINANCE_CALLS.recharge, { params: { id } });

/** The invoice records page (spec §2.3): its `apply` button guards asking an invoice and the details. */
export const INVOICE_RECORD_PAGE = 'invoice_record';

/** The invoice details (GET invoice_details), shown and edited on the invoice records page. */
export const INVOICE_DETAILS_KEY = callKey(FINANCE_CALLS.invoiceDetails);

/** The invoice requests' table: its queries' key starts `['data-table', INVOICES_TABLE]`. */
export const INVOICES_TABLE = 'finance-invoices';

/** The paid orders' table of page invoice_payment. */
export const INVOICE_PAYMENTS_TABLE = 'finance-invoice-payments';

/**
 * The invoice records page when the user's menu grants it, and whether its `apply` button is
 * allowed: asking an invoice (on page invoice_payment) is that page's button. The kernel's
 * `usePermission` reads only the current page, so this applies its rule (the owner may use every
 * button, anyone else those their role lists on the page) to the other page's route.
 */
export function useInvoiceRecordRoute(): { route: AppRoute | null; mayApply: boolean } {
  const { routes, user } = useSession();
  const found = routes?.byName.get(INVOICE_RECORD_PAGE);
  const route = found?.type === 'page' ? found : null;
  const mayApply = route !== null && user !== null && (isOwner(user) || route.buttons.includes('apply'));
  return { route, mayApply };
}
