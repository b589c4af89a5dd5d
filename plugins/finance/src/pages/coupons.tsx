import { useQueryClient } from '@tanstack/react-query';
import {
  COUPON_FILTERS,
  COUPON_STATES,
  type Coupon,
  type CouponState,
  FINANCE_CALLS,
  formatFen,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  type Column,
  confirm,
  DataTable,
  FilterForm,
  message,
  rowActionsColumn,
  Tag,
  type TagTone,
  useFilters,
} from '@vap/ui';
import { useState } from 'react';
import { FINANCE_KEY } from '../finance-query.js';
import { TransferDialog } from './transfer-dialog.js';

/** The vouchers' table: its queries' key starts `['data-table', COUPONS_TABLE]`. */
export const COUPONS_TABLE = 'finance-coupons';

const TONES: Record<CouponState, TagTone> = {
  unused: 'success',
  used: 'default',
  transferring: 'primary',
  transferred: 'default',
  expired: 'warning',
};

/**
 * Page `coupon` (spec §1 coupons, §4.3 coupon transfer, §6, §9): the company's vouchers with their
 * value, validity and state; a usable one is redeemed into the balance after a confirmation, or —
 * with the `transfer` button — sent to a cooperating first-level customer, credited within 24 hours
 * (its transfer's state, and the reason of a failure, show in the row).
 */
export default function CouponsPage() {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  const mayTransfer = usePermission('transfer');
  const filters = useFilters(COUPON_FILTERS, [
    { key: 'code', op: 'like', kind: 'text', label: t('coupons.code'), className: 'w-44' },
    {
      key: 'state',
      op: '=',
      kind: 'select',
      label: t('coupons.state'),
      placeholder: t('coupons.anyState'),
      options: COUPON_STATES.map((state) => ({ value: state, label: t(`coupons.states.${state}`) })),
      className: 'w-40',
    },
  ]);
  const [transferring, setTransferring] = useState<Coupon | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['data-table', COUPONS_TABLE] });
    void queryClient.invalidateQueries({ queryKey: FINANCE_KEY });
  };

  const redeem = async (coupon: Coupon) => {
    const value = formatFen(coupon.value);
    const confirmed = await confirm({
      title: t('coupons.redeemTitle', { code: coupon.code }),
      content: t('coupons.redeemContent', { value }),
      okText: t('coupons.redeem'),
      cancelText: t('common.keep'),
    });
    if (!confirmed) return;
    try {
      await finance.redeemCoupon({ params: { id: coupon.id } });
      message.success(t('coupons.redeemed', { value }));
    } catch {
      // The console shows the server's message (spec §8).
    } finally {
      refresh();
    }
  };

  const transferText = (coupon: Coupon) => {
    const transfer = coupon.transfer;
    if (!transfer) return '—';
    const state = t(`coupons.transferStates.${transfer.state}`);
    const reason = transfer.reason ? ` · ${t(`coupons.failures.${transfer.reason}`)}` : '';
    return `${transfer.to_company_name} · ${state}${reason}`;
  };

  const columns: Column<Coupon>[] = [
    { key: 'code', title: t('coupons.code'), kind: 'id' },
    { key: 'value', title: t('coupons.value'), kind: 'number', render: (row) => formatFen(row.value) },
    {
      key: 'source',
      title: t('coupons.source'),
      kind: 'state',
      render: (row) => t(`coupons.sources.${row.source}`),
    },
    {
      key: 'state',
      title: t('coupons.state'),
      kind: 'state',
      render: (row) => <Tag tone={TONES[row.state]}>{t(`coupons.states.${row.state}`)}</Tag>,
    },
    { key: 'valid_until', title: t('coupons.validUntil'), kind: 'date' },
    { key: 'transfer', title: t('coupons.transfer'), render: transferText },
    rowActionsColumn(t('common.actions'), (row) =>
      row.state === 'unused'
        ? [
            { label: t('coupons.redeem'), onClick: () => void redeem(row) },
            mayTransfer && { label: t('coupons.transferAction'), onClick: () => setTransferring(row) },
          ]
        : null,
    ),
  ];

  return (
    <div className="flex flex-col gap-4 p-4">
      <div>
        <h1 className="text-lg font-medium text-ink">{t('coupons.title')}</h1>
        <p className="text-sm text-ink-soft">{t('coupons.description')}</p>
      </div>
      <FilterForm label={t('coupons.filters')} filters={filters} />
      <DataTable
        id={COUPONS_TABLE}
        label={t('coupons.title')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={(query, signal) => finance.coupons({ query }, { signal })}
        emptyText={t('coupons.empty')}
      />
      {transferring ? (
        <TransferDialog
          coupon={transferring}
          onClose={() => setTransferring(null)}
          onTransferred={() => {
            setTransferring(null);
            refresh();
          }}
        />
      ) : null}
    </div>
  );
}
