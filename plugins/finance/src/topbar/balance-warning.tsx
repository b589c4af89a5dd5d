import { formatFen } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { cn } from '@vap/ui';
import { Link } from 'react-router';
import { useFinance, useRechargeRoute } from '../finance-query.js';

/**
 * The top bar's balance warning (spec §4.3): while the company's balance is under its warning
 * threshold, or paid services are suspended, a compact chip that leads to the recharge page;
 * nothing otherwise, and nothing for users whose menu lacks that page. It reads the same query as
 * the recharge page, so a recharge paid there (or a new threshold) updates it at once.
 */
export default function BalanceWarning() {
  const route = useRechargeRoute();
  const t = useT('finance');
  const { data } = useFinance(route !== null);
  if (!route || !data || !(data.low_balance || data.suspended)) return null;
  const balance = formatFen(data.balance);
  return (
    <Link
      to={route.path}
      data-testid="balance-warning"
      className={cn(
        'hidden items-center gap-1 rounded-sm border px-2 py-0.5 text-xs whitespace-nowrap hover:opacity-80 sm:inline-flex',
        'focus-visible:outline-2 focus-visible:outline-primary',
        data.suspended
          ? 'border-danger/40 bg-danger-soft text-danger'
          : 'border-warning/40 bg-warning-soft text-warning',
      )}
    >
      {data.suspended ? t('topbar.suspended', { balance }) : t('topbar.low', { balance })}{' '}
      <span aria-hidden="true">·</span> <span className="font-medium">{t('topbar.recharge')}</span>
    </Link>
  );
}
