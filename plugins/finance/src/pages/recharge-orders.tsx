import {
  FINANCE_CALLS,
  formatFen,
  RECHARGE_FILTERS,
  RECHARGE_STATES,
  type RechargeOrder,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, type Column, DataTable, FilterForm, RowActions, Tag, useFilters } from '@vap/ui';
import { RECHARGES_TABLE } from '../finance-query.js';
import { STATE_TONES } from '../states.js';
import { isScanToPay } from './payment-qr.js';
import { useCancelOrder } from './use-cancel-order.js';

interface RechargeOrdersProps {
  /** The role's `recharge` button: cancelling a pending order. */
  mayCancel: boolean;
  /** The payer reopened a pending order's payment page: the page follows that order. */
  onPay: (order: RechargeOrder) => void;
}

/**
 * The company's recharge orders, newest first: state filter, the state as a tag, and for a pending
 * order its payment page (Pay) and, with the `recharge` button, Cancel after a confirmation.
 */
export function RechargeOrders({ mayCancel, onPay }: RechargeOrdersProps) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const cancel = useCancelOrder();
  const filters = useFilters(RECHARGE_FILTERS, [
    { key: 'number', op: 'like', kind: 'text', label: t('orders.number'), className: 'w-48' },
    {
      key: 'state',
      op: '=',
      kind: 'select',
      label: t('orders.state'),
      placeholder: t('orders.anyState'),
      options: RECHARGE_STATES.map((state) => ({ value: state, label: t(`states.${state}`) })),
      className: 'w-40',
    },
  ]);

  const columns: Column<RechargeOrder>[] = [
    { key: 'number', title: t('orders.number'), kind: 'id' },
    { key: 'amount', title: t('orders.amount'), kind: 'number', render: (row) => formatFen(row.amount) },
    {
      key: 'state',
      title: t('orders.state'),
      kind: 'state',
      render: (row) => <Tag tone={STATE_TONES[row.state]}>{t(`states.${row.state}`)}</Tag>,
    },
    { key: 'created_at', title: t('orders.createdAt'), kind: 'date' },
    { key: 'expires_at', title: t('orders.expiresAt'), kind: 'date' },
    { key: 'closed_at', title: t('orders.closedAt'), kind: 'date' },
    {
      key: 'actions',
      title: t('common.actions'),
      kind: 'actions',
      render: (row) =>
        row.state === 'pending' ? (
          <div className="flex items-center gap-2">
            {row.pay_url && !isScanToPay(row.pay_url) ? (
              <Button asChild size="small" variant="link" className="px-1">
                <a
                  href={row.pay_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('orders.payLabel', { number: row.number })}
                  onClick={() => onPay(row)}
                >
                  {t('orders.pay')}
                </a>
              </Button>
            ) : null}
            <RowActions
              actions={[
                mayCancel && { label: t('orders.cancel'), danger: true, onClick: () => void cancel(row) },
              ]}
            />
          </div>
        ) : null,
    },
  ];

  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-base font-medium text-ink">{t('orders.title')}</h2>
      <FilterForm label={t('orders.filters')} filters={filters} />
      <DataTable
        id={RECHARGES_TABLE}
        label={t('orders.title')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={(query, signal) => finance.recharges({ query }, { signal })}
        emptyText={t('orders.empty')}
      />
    </section>
  );
}
