import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` every `intervalMs` while `enabled` and the browser tab is shown: a hidden tab
 * (document.visibilityState) asks the server nothing, and catches up at once when shown again.
 * What live views poll with (the MQTT lists, the device tasks).
 */
export function useVisibleInterval(refresh: () => void, enabled: boolean, intervalMs: number): void {
  // The latest callback without restarting the timer on every render.
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      timer ??= setInterval(() => latest.current(), intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const visibilityChanged = () => {
      if (document.visibilityState === 'hidden') stop();
      else {
        latest.current();
        start();
      }
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', visibilityChanged);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', visibilityChanged);
    };
  }, [enabled, intervalMs]);
}
