import { CBS_CALLS, type CloudPackage } from '@vap/contracts';
import { lazyExport, useClient, useNavigateTo, usePagePath, usePermission, useT } from '@vap/kernel';
import { Button, type Column, DataTable, FilterForm, formatFileSize, rowActionsColumn, Tag } from '@vap/ui';
import { Suspense, useState } from 'react';
import { PACKAGES_TABLE } from '../cbs-query.js';
import { deviceName, STATE_TONES, shareOf, useAccountingDates } from '../cloud.js';
import { usePackageFilters } from './package-filters.js';
import { UsageBar } from './usage-bar.js';
import { useClosePackage } from './use-close-package.js';

/**
 * The opening and plan-change dialogs load when first opened, not with cloud storage (issue 30 §5):
 * with the form library and the radio group that only they use on this page.
 */
const OpenPackagesDialog = lazyExport(() => import('./open-dialog.js'), 'OpenPackagesDialog');
const ChangePlanDialog = lazyExport(() => import('./change-dialog.js'), 'ChangePlanDialog');

/**
 * The company's packages, newest first (closed ones when the state filter asks for them): device,
 * service, plan with the change planned for next month, state, space and flow against quota, the
 * end of the month paid for. With the role's `buy` button: Open packages, and Change plan of a
 * running package; with `close`: Close, once confirmed.
 */
export function PackagesView() {
  const t = useT('cbs');
  const cbs = useClient(CBS_CALLS);
  const mayBuy = usePermission('buy');
  const mayClose = usePermission('close');
  const dates = useAccountingDates();
  const close = useClosePackage();
  const filters = usePackageFilters();
  const [opening, setOpening] = useState(false);
  const [changing, setChanging] = useState<CloudPackage | null>(null);
  const navigateTo = useNavigateTo();
  // Video detail (a hidden page) shows a cloud video package's recordings, for a role that has it.
  const mayWatch = usePagePath('video_detail') !== null;

  const usage = (used: number, quota: number, label: string) => (
    <div className="flex min-w-32 flex-col gap-1">
      <span className="text-xs text-ink tabular-nums">
        {t('packages.used', { used: formatFileSize(used), quota: formatFileSize(quota) })}
      </span>
      <UsageBar share={shareOf(used, quota)} label={label} />
    </div>
  );

  const columns: Column<CloudPackage>[] = [
    {
      key: 'device',
      title: t('columns.device'),
      kind: 'name',
      hideable: false,
      render: (row) => (
        <div>
          <div className="text-ink">{deviceName(row)}</div>
          <div className="text-xs text-ink-faint">{row.sn}</div>
        </div>
      ),
    },
    {
      key: 'service',
      title: t('columns.service'),
      kind: 'state',
      render: (row) => t(`services.${row.service}`),
    },
    {
      key: 'plan',
      title: t('columns.plan'),
      render: (row) => (
        <div>
          <div className="text-ink">{t(`plans.${row.plan}`)}</div>
          {row.state !== 'closed' && row.next_plan !== null ? (
            <div className="text-xs text-warning">
              {row.next_plan === 'closed'
                ? t('packages.closing')
                : t('packages.nextPlan', { plan: t(`plans.${row.next_plan}`) })}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'state',
      title: t('columns.state'),
      kind: 'state',
      render: (row) => <Tag tone={STATE_TONES[row.state]}>{t(`states.${row.state}`)}</Tag>,
    },
    {
      key: 'space',
      title: t('columns.space'),
      render: (row) =>
        usage(row.space_used, row.space_quota, t('packages.spaceOf', { device: deviceName(row) })),
    },
    {
      key: 'flow',
      title: t('columns.flow'),
      render: (row) =>
        usage(row.flow_used, row.flow_quota, t('packages.flowOf', { device: deviceName(row) })),
    },
    {
      key: 'period_end',
      title: t('columns.periodEnd'),
      kind: 'date',
      render: (row) => dates.lastDay(row.period_end),
    },
    rowActionsColumn(t('common.actions'), (row) =>
      row.state === 'closed'
        ? null
        : [
            mayWatch &&
              row.service === 'cloud_video' && {
                label: t('packages.recordings'),
                onClick: () => navigateTo('video_detail', { device_id: String(row.device_id) }),
              },
            // A suspended package cannot change its plan (409 package_suspended) until it resumes.
            mayBuy &&
              row.state === 'active' && { label: t('packages.change'), onClick: () => setChanging(row) },
            mayClose &&
              row.next_plan !== 'closed' && {
                label: t('packages.close'),
                danger: true,
                onClick: () => void close(row),
              },
          ],
    ),
  ];

  return (
    <section className="flex flex-col gap-3">
      <FilterForm label={t('packages.filters')} filters={filters} />
      <DataTable
        id={PACKAGES_TABLE}
        label={t('page.packages')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={(query, signal) => cbs.packages({ query }, { signal })}
        emptyText={t('packages.empty')}
        toolbar={
          mayBuy ? (
            <Button variant="primary" onClick={() => setOpening(true)}>
              {t('packages.open')}
            </Button>
          ) : null
        }
      />
      <Suspense fallback={null}>
        {opening ? <OpenPackagesDialog onClose={() => setOpening(false)} /> : null}
        {changing ? <ChangePlanDialog item={changing} onClose={() => setChanging(null)} /> : null}
      </Suspense>
    </section>
  );
}
