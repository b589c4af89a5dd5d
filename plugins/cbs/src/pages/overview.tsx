import {
  accountingMonthStart,
  type CbsDashboard,
  CLOUD_SERVICES,
  formatFen,
  NEAR_QUOTA_SHARE,
} from '@vap/contracts';
import { useLanguage, useT } from '@vap/kernel';
import { Button, Card, Chart, Empty, formatFileSize, Skeleton, Tag } from '@vap/ui';
import { useDashboard } from '../cbs-query.js';
import { deviceName, isNear, percentText, quotaLevel, shareOf, useAccountingDates } from '../cloud.js';
import { UsageBar } from './usage-bar.js';

type Totals = CbsDashboard['totals'][number];

/**
 * The overview (GET dashboard): per service the packages running and suspended with their space and
 * this month's flow against quota; the charges of the last six accounting months and next month's
 * bill; the packages near their quota. A failure says why, with a retry.
 */
export function Overview() {
  const t = useT('cbs');
  const { data, error, isPending, refetch } = useDashboard();
  if (isPending) return <Skeleton lines={6} />;
  if (!data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('overview.loadFailed', { message: error?.message ?? '' })}</span>
        <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <section aria-label={t('overview.usage')} className="grid gap-4 lg:grid-cols-2">
        {CLOUD_SERVICES.map((service) => (
          <ServiceUsage
            key={service}
            totals={
              data.totals.find((item) => item.service === service) ?? {
                service,
                active: 0,
                suspended: 0,
                space_used: 0,
                space_quota: 0,
                flow_used: 0,
                flow_quota: 0,
              }
            }
          />
        ))}
      </section>
      <Charges dashboard={data} />
      <NearQuota dashboard={data} />
    </div>
  );
}

/** One service: its packages by state, and its space and flow against the quotas of its plans. */
function ServiceUsage({ totals }: { totals: Totals }) {
  const t = useT('cbs');
  const language = useLanguage();
  const count = new Intl.NumberFormat(language);
  const service = t(`services.${totals.service}`);
  const none = totals.active + totals.suspended === 0;
  return (
    <Card title={service} data-testid={`usage-${totals.service}`}>
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-4">
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-ink-soft">{t('overview.active')}</dt>
            <dd className="text-2xl font-medium text-ink">{count.format(totals.active)}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-ink-soft">{t('overview.suspended')}</dt>
            <dd className={totals.suspended > 0 ? 'text-2xl font-medium text-warning' : 'text-2xl text-ink'}>
              {count.format(totals.suspended)}
            </dd>
          </div>
        </dl>
        {none ? (
          <p className="text-sm text-ink-faint">{t('overview.noPackages')}</p>
        ) : (
          QUOTAS.map((kind) => <Quota key={kind} kind={kind} service={service} totals={totals} />)
        )}
      </div>
    </Card>
  );
}

/** What a package's plan bounds: the space it keeps, and its flow this month. */
const QUOTAS = ['space', 'flow'] as const;

interface QuotaProps {
  kind: (typeof QUOTAS)[number];
  /** The service's name, in the bar's accessible name. */
  service: string;
  totals: Totals;
}

/**
 * Space or this month's flow against the quota. Near the quota and over it the bar looks different,
 * a tag says which, and a line says what follows (spec §4.3 warnings): space stays over until the
 * devices keep less or the plans grow; flow counts again at the next accounting month.
 */
function Quota({ kind, service, totals }: QuotaProps) {
  const t = useT('cbs');
  const used = totals[`${kind}_used`];
  const quota = totals[`${kind}_quota`];
  const dates = useAccountingDates();
  const share = shareOf(used, quota);
  const level = quotaLevel(share);
  const date = dates.day(accountingMonthStart(Date.now(), 1).toISOString());
  const left = formatFileSize(Math.max(0, quota - used));
  const over = formatFileSize(Math.max(0, used - quota));
  return (
    <div className="flex flex-col gap-1" data-testid={`quota-${kind}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 text-ink-soft">
          {t(`overview.${kind}`)}
          {level === 'normal' ? null : (
            <Tag tone={level === 'over' ? 'danger' : 'warning'}>{t(`quota.${level}`)}</Tag>
          )}
        </span>
        <span className="text-ink tabular-nums">
          {t('overview.used', { used: formatFileSize(used), quota: formatFileSize(quota) })} ·{' '}
          {percentText(share)}
        </span>
      </div>
      <UsageBar share={share} label={t(`overview.${kind}Of`, { service })} />
      {level === 'normal' ? null : (
        <p className={level === 'over' ? 'text-sm text-danger' : 'text-sm text-warning'}>
          {kind === 'space'
            ? level === 'over'
              ? t('quota.spaceOver', { over })
              : t('quota.spaceNear', { left })
            : level === 'over'
              ? t('quota.flowOver', { over, date })
              : t('quota.flowNear', { left, date })}
        </p>
      )}
    </div>
  );
}

/** The charges of the last six accounting months as bars, and what next month will bill. */
function Charges({ dashboard }: { dashboard: CbsDashboard }) {
  const t = useT('cbs');
  const dates = useAccountingDates();
  const rows = dashboard.charges.map((item) => ({ month: dates.month(item.month), amount: item.amount }));
  return (
    <div className="grid gap-4 xl:grid-cols-3">
      <Card title={t('overview.charges')} className="xl:col-span-2">
        <Chart
          type="bar"
          title={t('overview.chargesChart')}
          data={rows}
          x="month"
          xLabel={t('overview.month')}
          series={[{ key: 'amount', label: t('overview.charged') }]}
          valueFormat={(fen) => formatFen(fen)}
          height={240}
        />
      </Card>
      <Card title={t('overview.nextMonth')}>
        <div className="flex flex-col gap-2">
          <p className="text-3xl font-medium text-ink" data-testid="next-month">
            {formatFen(dashboard.next_month)}
          </p>
          <p className="text-sm text-ink-soft">{t('overview.nextMonthHint')}</p>
        </div>
      </Card>
    </div>
  );
}

/** The packages at NEAR_QUOTA_SHARE of their space or flow or more, as the server orders them. */
function NearQuota({ dashboard }: { dashboard: CbsDashboard }) {
  const t = useT('cbs');
  const headers = [
    t('columns.device'),
    t('columns.service'),
    t('columns.plan'),
    t('columns.spaceShare'),
    t('columns.flowShare'),
  ];
  return (
    <Card title={t('overview.nearQuota')}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-ink-soft">
          {t('overview.nearQuotaHint', { share: percentText(NEAR_QUOTA_SHARE) })}
        </p>
        {dashboard.near_quota.length === 0 ? (
          <Empty description={t('overview.nearQuotaEmpty')} />
        ) : (
          <div className="overflow-x-auto">
            <table aria-label={t('overview.nearQuota')} className="w-full text-sm">
              <thead>
                <tr className="border-b border-line-soft">
                  {headers.map((header) => (
                    <th key={header} scope="col" className="px-3 py-2 text-left font-medium text-ink">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dashboard.near_quota.map((item) => {
                  const space = shareOf(item.space_used, item.space_quota);
                  const flow = shareOf(item.flow_used, item.flow_quota);
                  return (
                    <tr key={item.id} className="border-b border-line-soft">
                      <td className="px-3 py-2">
                        <div className="text-ink">{deviceName(item)}</div>
                        <div className="text-xs text-ink-faint">{item.sn}</div>
                      </td>
                      <td className="px-3 py-2 text-ink">{t(`services.${item.service}`)}</td>
                      <td className="px-3 py-2 text-ink">{t(`plans.${item.plan}`)}</td>
                      <td className="px-3 py-2">
                        <Share share={space} />
                      </td>
                      <td className="px-3 py-2">
                        <Share share={flow} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Card>
  );
}

function Share({ share }: { share: number }) {
  return isNear(share) ? (
    <Tag tone={share >= 1 ? 'danger' : 'warning'}>{percentText(share)}</Tag>
  ) : (
    <span className="text-ink tabular-nums">{percentText(share)}</span>
  );
}
