import { useQuery } from '@tanstack/react-query';
import {
  CAMPAIGN_CALLS,
  type Campaign,
  callKey,
  formatDateTime,
  formatFen,
  TRADE_IN_FILTERS,
  TRADE_IN_STATUSES,
  type TradeInApplication,
  type TradeInStatus,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  Card,
  type Column,
  Descriptions,
  Drawer,
  Empty,
  ListPage,
  message,
  rowActionsColumn,
  Skeleton,
  Tag,
  type TagTone,
  useFilters,
} from '@vap/ui';
import { lazy, Suspense, useState } from 'react';
import {
  CampaignStateTag,
  CampaignsFailed,
  CampaignWindow,
  RECORDS_TABLE,
  useCampaigns,
  useLocalized,
} from '../campaign.js';
import { ExchangeCard, VoucherTransfers } from './vouchers.js';

// The application dialog loads when opened, as the voucher dialogs do.
const ApplyDialog = lazy(() => import('./apply-dialog.js').then((m) => ({ default: m.ApplyDialog })));

const STATUS_TONES: Record<TradeInStatus, TagTone> = {
  pending: 'primary',
  approved: 'success',
  rejected: 'danger',
};

function StatusTag({ status }: { status: TradeInStatus }) {
  const t = useT('campaigns');
  return <Tag tone={STATUS_TONES[status]}>{t(`statuses.${status}`)}</Tag>;
}

/** The campaign of a kind the page is about: the open one, else the latest. */
const currentOf = (campaigns: readonly Campaign[], kind: Campaign['kind'] = 'trade_in') =>
  campaigns.find((item) => item.kind === kind && item.state === 'open') ??
  campaigns.find((item) => item.kind === kind);

/**
 * The trade-in screen (spec §2.4): the campaign's policy, window and return address (to copy), the
 * subsidy per device, the application form for a role with the page's `apply` button, and the
 * company's applications with a status filter and each one's details; the balance-exchange
 * campaign, and the company's vouchers with their transfers to first-level customers.
 */
export default function TradeInPage() {
  const t = useT('campaigns');
  const campaigns = useCampaigns();
  if (campaigns.isPending) return <Skeleton lines={8} />;
  if (campaigns.isError) return <CampaignsFailed campaigns={campaigns} />;
  const campaign = currentOf(campaigns.data.items);
  const exchange = currentOf(campaigns.data.items, 'balance_exchange');
  return (
    <div className="flex flex-col gap-4">
      {campaign ? <Policy campaign={campaign} /> : <Empty description={t('tradeIn.none')} />}
      {exchange ? <ExchangeCard campaign={exchange} /> : null}
      <Records />
      <VoucherTransfers />
    </div>
  );
}

function Policy({ campaign }: { campaign: Campaign }) {
  const t = useT('campaigns');
  const localized = useLocalized();
  const client = useClient(CAMPAIGN_CALLS);
  const mayApply = usePermission('apply');
  const [applying, setApplying] = useState(false);
  const models = useQuery({
    queryKey: callKey(CAMPAIGN_CALLS.tradeInModels, {}),
    queryFn: ({ signal }) => client.tradeInModels({}, { signal }),
    enabled: mayApply,
  });
  const { terms } = campaign;
  const open = campaign.state === 'open';
  const copy = async () => {
    if (!terms.return_address) return;
    try {
      await navigator.clipboard.writeText(terms.return_address);
      message.success(t('tradeIn.copied'));
    } catch {
      message.error(t('tradeIn.copyFailed'));
    }
  };
  return (
    <Card>
      <section aria-label={localized(campaign.title)} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-medium text-ink">{localized(campaign.title)}</h1>
          <CampaignStateTag state={campaign.state} />
          {mayApply ? (
            <span className="ml-auto">
              <Button variant="primary" disabled={!open || !models.data} onClick={() => setApplying(true)}>
                {t('apply.open')}
              </Button>
            </span>
          ) : null}
        </div>
        <CampaignWindow campaign={campaign} />
        {open ? null : <p className="text-sm text-warning">{t('tradeIn.closed')}</p>}
        <p className="whitespace-pre-line text-sm text-ink">{localized(campaign.rules)}</p>
        <p className="text-sm text-ink">
          {t('tradeIn.subsidyRange', {
            other: formatFen(terms.other_brand_vouchers * terms.voucher_value_fen),
            own: formatFen(terms.own_brand_vouchers * terms.voucher_value_fen),
          })}
        </p>
        {terms.return_address ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-ink-soft">{t('tradeIn.returnAddress')}</span>
            <span className="text-ink">{terms.return_address}</span>
            <Button size="small" onClick={() => void copy()}>
              {t('tradeIn.copy')}
            </Button>
          </div>
        ) : null}
        {models.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('loadFailed', { message: models.error.message })}
          </p>
        ) : null}
      </section>
      {applying && models.data ? (
        <Suspense fallback={null}>
          <ApplyDialog campaign={campaign} models={models.data.items} onClose={() => setApplying(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function Records() {
  const t = useT('campaigns');
  const client = useClient(CAMPAIGN_CALLS);
  const localized = useLocalized();
  const [shown, setShown] = useState<TradeInApplication | null>(null);
  const filters = useFilters(TRADE_IN_FILTERS, [
    {
      key: 'status',
      op: '=',
      kind: 'select',
      label: t('records.status'),
      placeholder: t('records.anyStatus'),
      options: TRADE_IN_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      className: 'w-40',
    },
    {
      key: 'tracking_number',
      op: 'like',
      kind: 'text',
      label: t('records.trackingNumber'),
      className: 'w-48',
    },
  ]);
  const devices = (row: TradeInApplication) => row.lines.reduce((sum, line) => sum + line.quantity, 0);
  const columns: Column<TradeInApplication>[] = [
    { key: 'submitted_at', title: t('records.submittedAt'), kind: 'date', sortable: true },
    { key: 'campaign', title: t('records.campaign'), render: (row) => localized(row.campaign_title) },
    {
      key: 'models',
      title: t('records.models'),
      render: (row) => row.lines.map((line) => `${line.brand} ${line.model} × ${line.quantity}`).join(', '),
    },
    { key: 'devices', title: t('records.devices'), kind: 'number', render: devices },
    { key: 'tracking_number', title: t('records.trackingNumber'), kind: 'id' },
    { key: 'status', title: t('records.status'), render: (row) => <StatusTag status={row.status} /> },
    {
      key: 'vouchers',
      title: t('records.subsidy'),
      kind: 'number',
      render: (row) => formatFen(row.vouchers * row.voucher_value_fen),
    },
    rowActionsColumn(t('records.actions'), (row) => [
      { label: t('records.details'), onClick: () => setShown(row) },
    ]),
  ];
  return (
    <ListPage
      title={t('records.title')}
      filterBy={{ label: t('records.filters'), filters }}
      id={RECORDS_TABLE}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => client.tradeInApplications({ query }, { signal })}
      emptyText={t('records.empty')}
    >
      <Drawer
        open={shown !== null}
        onOpenChange={(open) => (open ? null : setShown(null))}
        title={t('detail.title')}
      >
        {shown ? <Detail application={shown} /> : null}
      </Drawer>
    </ListPage>
  );
}

function Detail({ application }: { application: TradeInApplication }) {
  const t = useT('campaigns');
  const localized = useLocalized();
  return (
    <div className="flex flex-col gap-4">
      <Descriptions
        columns={1}
        items={[
          { label: t('records.campaign'), value: localized(application.campaign_title) },
          { label: t('records.status'), value: <StatusTag status={application.status} /> },
          { label: t('records.trackingNumber'), value: application.tracking_number },
          { label: t('records.submittedAt'), value: formatDateTime(application.submitted_at) },
          { label: t('detail.reviewedAt'), value: formatDateTime(application.reviewed_at) || '—' },
          { label: t('detail.reason'), value: application.reason ?? '—' },
          {
            label: t('records.subsidy'),
            value: t('apply.subsidy', {
              count: application.vouchers,
              amount: formatFen(application.vouchers * application.voucher_value_fen),
            }),
          },
          { label: t('detail.creditedAt'), value: formatDateTime(application.credited_at) || '—' },
        ]}
      />
      <ul className="flex flex-col gap-1 text-sm text-ink" aria-label={t('records.models')}>
        {application.lines.map((line) => (
          <li key={line.model_id}>
            {line.own_brand
              ? t('apply.ownModel', { brand: line.brand, model: line.model })
              : `${line.brand} ${line.model}`}{' '}
            × {line.quantity}
          </li>
        ))}
      </ul>
    </div>
  );
}
