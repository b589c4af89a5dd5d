/**
 * One clock for every relative time on the screen: the current time, moved on every 15 s while
 * anything shows it, so "just now" becomes "1 minute ago" without a timer per cell.
 */
import { useSyncExternalStore } from 'react';

/** How often a shown relative time is brought up to date. */
export const NOW_TICK_MS = 15_000;

let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    // Whoever starts showing a relative time starts from the time of day, not the module's load.
    now = Date.now();
    timer = setInterval(tick, NOW_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function snapshot() {
  // With nothing subscribed yet (a first render) the clock is not running: read the time of day,
  // to the second, so that two reads in one render agree.
  if (timer === undefined && Date.now() - now >= 1000) now = Date.now();
  return now;
}

/** The current time in ms, re-rendering every `NOW_TICK_MS` while the component is shown. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
