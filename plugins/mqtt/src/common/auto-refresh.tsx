import { useT } from '@vap/kernel';
import { Switch, useVisibleInterval } from '@vap/ui';

/** How often a live list asks again: the broker's numbers change by the second. */
export const AUTO_REFRESH_MS = 5000;

/** Polls while enabled and the tab is shown (@vap/ui's useVisibleInterval), every AUTO_REFRESH_MS. */
export function useAutoRefresh(refresh: () => void, enabled: boolean, intervalMs = AUTO_REFRESH_MS): void {
  useVisibleInterval(refresh, enabled, intervalMs);
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
