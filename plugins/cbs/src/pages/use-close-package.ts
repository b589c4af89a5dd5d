import { CBS_CALLS, type CloudPackage } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { confirm, message } from '@vap/ui';
import { useRefreshAfterChange } from '../cbs-query.js';
import { deviceName, useAccountingDates } from '../cloud.js';

/**
 * Closes a package once the user confirms: a paid, running one at the start of next month (it keeps
 * running until then, nothing refunded), a free or suspended one at once. A refusal is shown by the
 * console with the server's message; either way the list and the figures are asked again.
 */
export function useClosePackage(): (item: CloudPackage) => Promise<void> {
  const t = useT('cbs');
  const cbs = useClient(CBS_CALLS);
  const dates = useAccountingDates();
  const refresh = useRefreshAfterChange();
  return async (item) => {
    const names = { device: deviceName(item), service: t(`services.${item.service}`) };
    const now = item.plan === 'free' || item.state === 'suspended';
    const confirmed = await confirm({
      title: t('close.title', names),
      content: now ? t('close.now') : t('close.atMonthEnd', { date: dates.lastDay(item.period_end) }),
      okText: t('close.ok'),
      cancelText: t('common.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      const { packages } = await cbs.close({ params: { id: item.id } });
      const closed = packages[0]?.state === 'closed';
      message.success(closed ? t('close.closed', names) : t('close.closing', names));
    } catch {
      // The console shows the server's message (closed meanwhile, product off).
    } finally {
      refresh();
    }
  };
}
