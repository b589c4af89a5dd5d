import type { UseQueryResult } from '@tanstack/react-query';
import { type Finance, formatFen } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Alert, Button, Card, Skeleton } from '@vap/ui';
import type { ReactNode } from 'react';

/**
 * The balance, this month's spending and the warning threshold, with a notice while the balance is
 * under the threshold or paid services are suspended (spec §4.3).
 */
export function BalancePanel({ finance }: { finance: UseQueryResult<Finance> }) {
  const t = useT('finance');
  const { data, error, isPending, refetch } = finance;
  let body: ReactNode;
  if (data) {
    body = (
      <div className="flex flex-col gap-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure label={t('balance.balance')} value={formatFen(data.balance)} strong />
          <Figure label={t('balance.monthSpending')} value={formatFen(data.month_spending)} />
          <Figure label={t('balance.threshold')} value={formatFen(data.low_balance_threshold)} />
        </dl>
        {data.suspended ? (
          <Alert tone="error">{t('balance.suspended')}</Alert>
        ) : data.low_balance ? (
          <Alert tone="warning">
            {t('balance.low', { threshold: formatFen(data.low_balance_threshold) })}
          </Alert>
        ) : null}
      </div>
    );
  } else if (isPending) body = <Skeleton lines={2} />;
  else {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('balance.loadFailed', { message: error?.message ?? '' })}</span>
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  return (
    <Card title={t('balance.title')} data-testid="finance-balance">
      {body}
    </Card>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className={strong ? 'text-3xl font-medium text-ink' : 'text-xl text-ink'}>{value}</dd>
    </div>
  );
}
