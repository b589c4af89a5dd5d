import { useVisibleInterval } from '@vap/ui';

/** How often a live view of tasks asks again: devices report their jobs' progress every few seconds. */
export const LIVE_REFRESH_MS = 2500;

/** Polls while enabled and the tab is shown (@vap/ui's useVisibleInterval), every LIVE_REFRESH_MS. */
export function useLiveRefresh(refresh: () => void, enabled: boolean, intervalMs = LIVE_REFRESH_MS): void {
  useVisibleInterval(refresh, enabled, intervalMs);
}
