/**
 * The server state the cloud-storage page shares: the dashboard's query, the packages' table, the
 * devices the open dialog offers, and what follows any change of a package (all of them asked
 * again). Also the recharge page of the user's menu, where a refused charge leads.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CBS_CALLS, callKey } from '@vap/contracts';
import { useClient } from '@vap/kernel';
import { useCallback } from 'react';

/** The query of GET dashboard. */
export const DASHBOARD_KEY = callKey(CBS_CALLS.dashboard);

/** The packages' table: its queries' key starts `['data-table', PACKAGES_TABLE]`. */
export const PACKAGES_TABLE = 'cbs-packages';

/** The devices the open dialog offers, by search: each search's key starts with it. */
export const DEVICES_KEY = callKey(CBS_CALLS.devices);

/** The recharge page's name in the server menu (spec §2.3), of the finance area. */
export const RECHARGE_PAGE = 'recharge';

/** GET dashboard (quiet: the overview says why it failed, with a retry). */
export function useDashboard() {
  const cbs = useClient(CBS_CALLS);
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => cbs.dashboard({}, { signal, quiet: true }),
  });
}

/** After a package was opened, changed or closed: the list, the figures and the devices' states again. */
export function useRefreshAfterChange(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [['data-table', PACKAGES_TABLE], DASHBOARD_KEY, DEVICES_KEY])
      void queryClient.invalidateQueries({ queryKey });
  }, [queryClient]);
}
