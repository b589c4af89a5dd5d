import { formatFen } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Card, Skeleton, Tag } from '@vap/ui';
import { Link } from 'react-router';
import { useFinance, useRechargeRoute } from './finance-query.js';

/**
 * The dashboard card "Balance": the balance and this month's spending, flagged when low or
 * suspended, with a link to the recharge page. Shown only to users whose menu has that page.
 */
export default function BalanceCard() {
  const route = useRechargeRoute();
  if (!route) return null;
  return <Balance to={route.path} />;
}

function Balance({ to }: { to: string }) {
  const t = useT('finance');
  const { data, isPending, refetch } = useFinance();
  let body = <Skeleton lines={2} />;
  if (data) {
    body = (
      <dl className="grid grid-cols-2 gap-4">
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-ink-soft">{t('card.balance')}</dt>
          <dd className="text-2xl font-medium text-ink">{formatFen(data.balance)}</dd>
          {data.suspended ? (
            <dd>
              <Tag tone="danger">{t('card.suspended')}</Tag>
            </dd>
          ) : data.low_balance ? (
            <dd>
              <Tag tone="warning">{t('card.low')}</Tag>
            </dd>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm text-ink-soft">{t('card.monthSpending')}</dt>
          <dd className="text-2xl font-medium text-ink">{formatFen(data.month_spending)}</dd>
        </div>
      </dl>
    );
  } else if (!isPending) {
    body = (
      <div role="alert" className="flex items-center gap-3 text-sm text-danger">
        <span>{t('card.loadFailed')}</span>
        <Button size="small" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <Card
      title={t('card.title')}
      data-testid="finance-card"
      extra={
        <Link to={to} className="text-sm text-primary hover:underline">
          {t('card.recharge')}
        </Link>
      }
    >
      {body}
    </Card>
  );
}
