import { MOBILE_BREAKPOINT_PX } from '@vap/contracts';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(listener: () => void) {
  const list = window.matchMedia?.(query);
  list?.addEventListener('change', listener);
  return () => list?.removeEventListener('change', listener);
}

const snapshot = () => window.matchMedia?.(query).matches ?? false;

/** Whether the window is narrower than the mobile breakpoint (spec §9: under 992 px). */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
