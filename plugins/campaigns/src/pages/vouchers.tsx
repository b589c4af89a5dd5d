import { useQuery } from '@tanstack/react-query';
import {
  CAMPAIGN_CALLS,
  type Campaign,
  callKey,
  formatFen,
  VOUCHER_TRANSFER_FILTERS,
  VOUCHER_TRANSFER_STATUSES,
  type VoucherTransfer,
  type VoucherTransferStatus,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import { Button, Card, type Column, ListPage, Tag, type TagTone, useFilters } from '@vap/ui';
import { lazy, Suspense, useState } from 'react';
import { CampaignStateTag, CampaignWindow, TRANSFERS_TABLE, useLocalized } from '../campaign.js';

// The dialogs load when opened: the page's first load is the wallet, the rules and the list.
const ExchangeDialog = lazy(() =>
  import('./voucher-dialogs.js').then((m) => ({ default: m.ExchangeDialog })),
);
const TransferDialog = lazy(() =>
  import('./voucher-dialogs.js').then((m) => ({ default: m.TransferDialog })),
);

const STATUS_TONES: Record<VoucherTransferStatus, TagTone> = { success: 'success', failed: 'danger' };

/** The company's balance and usable vouchers (one query, refreshed after a transfer or an exchange). */
export function useWallet() {
  const client = useClient(CAMPAIGN_CALLS);
  return useQuery({
    queryKey: callKey(CAMPAIGN_CALLS.voucherWallet, {}),
    queryFn: ({ signal }) => client.voucherWallet({}, { signal }),
  });
}

/**
 * The balance-exchange campaign (spec §2.4): its rules, window and rate; for a role with the page's
 * `apply` button, a quantity of vouchers to buy with the balance, the cost shown as it changes.
 */
export function ExchangeCard({ campaign }: { campaign: Campaign }) {
  const t = useT('campaigns');
  const localized = useLocalized();
  const mayExchange = usePermission('apply');
  const wallet = useWallet();
  const [exchanging, setExchanging] = useState(false);
  const { terms } = campaign;
  const open = campaign.state === 'open';
  return (
    <Card>
      <section aria-label={localized(campaign.title)} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-medium text-ink">{localized(campaign.title)}</h2>
          <CampaignStateTag state={campaign.state} />
          {mayExchange ? (
            <span className="ml-auto">
              <Button variant="primary" disabled={!open} onClick={() => setExchanging(true)}>
                {t('exchange.open')}
              </Button>
            </span>
          ) : null}
        </div>
        <CampaignWindow campaign={campaign} />
        {open ? null : <p className="text-sm text-warning">{t('exchange.closed')}</p>}
        <p className="whitespace-pre-line text-sm text-ink">{localized(campaign.rules)}</p>
        <p className="text-sm text-ink">
          {t('exchange.rate', {
            cost: formatFen(terms.exchange_fen_per_voucher ?? 0),
            value: formatFen(terms.voucher_value_fen),
          })}
        </p>
        {wallet.data ? (
          <p className="text-sm text-ink-soft">
            {t('exchange.balance', { amount: formatFen(wallet.data.balance_fen) })}
          </p>
        ) : null}
      </section>
      {exchanging ? (
        <Suspense fallback={null}>
          <ExchangeDialog campaign={campaign} onClose={() => setExchanging(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/**
 * The company's vouchers and their transfers (spec §2.4, §3, §4.3): how many are usable, a
 * transfer of a quantity to a cooperating first-level customer for a role with the page's
 * `transfer` button, and the transfers with a status filter.
 */
export function VoucherTransfers() {
  const t = useT('campaigns');
  const client = useClient(CAMPAIGN_CALLS);
  const mayTransfer = usePermission('transfer');
  const wallet = useWallet();
  const [transferring, setTransferring] = useState(false);
  const targets = useQuery({
    queryKey: callKey(CAMPAIGN_CALLS.voucherTargets, {}),
    queryFn: ({ signal }) => client.voucherTargets({}, { signal }),
    enabled: mayTransfer,
  });
  const filters = useFilters(VOUCHER_TRANSFER_FILTERS, [
    {
      key: 'status',
      op: '=',
      kind: 'select',
      label: t('transfers.status'),
      placeholder: t('records.anyStatus'),
      options: VOUCHER_TRANSFER_STATUSES.map((status) => ({
        value: status,
        label: t(`transferStatuses.${status}`),
      })),
      className: 'w-40',
    },
  ]);
  const columns: Column<VoucherTransfer>[] = [
    { key: 'created_at', title: t('transfers.time'), kind: 'date', sortable: true },
    { key: 'to_company_name', title: t('transfers.target') },
    { key: 'quantity', title: t('transfers.quantity'), kind: 'number' },
    {
      key: 'value_fen',
      title: t('transfers.value'),
      kind: 'number',
      render: (row) => formatFen(row.value_fen),
    },
    {
      key: 'status',
      title: t('transfers.status'),
      render: (row) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <Tag tone={STATUS_TONES[row.status]}>{t(`transferStatuses.${row.status}`)}</Tag>
          {row.reason ? (
            <span className="text-xs text-ink-soft">{t(`transferFailures.${row.reason}`)}</span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <ListPage
      title={t('transfers.title')}
      toolbar={
        <div className="flex flex-wrap items-center gap-3">
          {wallet.data ? (
            <span className="text-sm text-ink">
              {t('transfers.usable', {
                count: wallet.data.vouchers,
                amount: formatFen(wallet.data.vouchers_fen),
              })}
            </span>
          ) : null}
          {mayTransfer ? (
            <Button
              variant="primary"
              disabled={!targets.data || !wallet.data?.vouchers}
              onClick={() => setTransferring(true)}
            >
              {t('transfers.open')}
            </Button>
          ) : null}
        </div>
      }
      filterBy={{ label: t('transfers.filters'), filters }}
      id={TRANSFERS_TABLE}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => client.voucherTransfers({ query }, { signal })}
      emptyText={t('transfers.empty')}
    >
      {transferring && targets.data ? (
        <Suspense fallback={null}>
          <TransferDialog
            targets={targets.data.items}
            usable={wallet.data?.vouchers ?? 0}
            onClose={() => setTransferring(false)}
          />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
