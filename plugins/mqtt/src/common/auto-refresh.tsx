import { useT } from '@vap/kernel';
import { Switch } from '@vap/ui';
import { useEffect, useRef } from 'react';

/** How often a live list asks again: the broker's numbers change by the second. */
export const AUTO_REFRESH_MS = 5000;

/**
 * Calls `refresh` every `intervalMs` while `enabled` and the browser tab is shown: a hidden tab
 * (document.visibilityState) asks the server nothing, and catches up at once when shown again.
 */
export function useAutoRefresh(refresh: () => void, enabled: boolean, intervalMs = AUTO_REFRESH_MS): void {
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

/** The switch that turns a page's auto refresh on and off. */
export function AutoRefreshSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const t = useT('mqtt');
  return (
    <Switch checked={checked} onCheckedChange={onCheckedChange}>
      {t('common.autoRefresh', { seconds: AUTO_REFRESH_MS / 1000 })}
    </Switch>
  );
}
