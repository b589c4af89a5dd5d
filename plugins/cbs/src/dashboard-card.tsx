/**
 * The cloud-storage card of the dashboard (issue 29): the space the packages keep against their
 * quotas, and how many are near a quota or at or over one (GET summary), linking to page
 * cbs_dashboard. Contributed only while the product cbs is on (the plugin's activation), and shown
 * only to users whose menu has the page.
 */
import { useT } from '@vap/kernel';
import { PageSummaryCard, pageCard } from '@vap/plugin-dashboard/summary-card';
import { formatFileSize } from '@vap/ui';
import { percentText, shareOf } from './cloud.js';
import { UsageBar } from './pages/usage-bar.js';

/** The page the card summarises (spec §2.3). */
const CBS_PAGE = 'cbs_dashboard';

function CloudStorage({ to }: { to: string }) {
  const t = useT('cbs');
  return (
    <PageSummaryCard
      summary="cbs"
      title={t('dashboardCard.title')}
      to={to}
      open={t('dashboardCard.open')}
      failed={t('dashboardCard.loadFailed')}
      empty={{ when: (data) => data.packages === 0, text: t('dashboardCard.empty') }}
    >
      {(data) => {
        const share = shareOf(data.space_used, data.space_quota);
        return (
          <div className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="text-ink-soft">{t('dashboardCard.space')}</span>
                <span className="text-ink tabular-nums">
                  {t('dashboardCard.used', {
                    used: formatFileSize(data.space_used),
                    quota: formatFileSize(data.space_quota),
                  })}{' '}
                  · {percentText(share)}
                </span>
              </div>
              <UsageBar share={share} label={t('dashboardCard.spaceOf')} />
            </div>
            <p className="text-sm text-ink-soft">{t('dashboardCard.packages', { count: data.packages })}</p>
            {data.over_quota > 0 ? (
              <div className="flex flex-col gap-1 text-sm text-danger">
                <p>{t('dashboardCard.overQuota', { count: data.over_quota })}</p>
                <p>{t('dashboardCard.overHint')}</p>
              </div>
            ) : null}
            {data.near_quota > 0 ? (
              <p className="text-sm text-warning">
                {t('dashboardCard.nearQuota', { count: data.near_quota })}
              </p>
            ) : null}
          </div>
        );
      }}
    </PageSummaryCard>
  );
}

export default pageCard(CBS_PAGE, CloudStorage);
