/**
 * The device area's cards of the dashboard (issue 29): the fleet online and offline (GET
 * devices/summary) and its tasks (GET tasks/summary), each linking to page device_maintenance —
 * the tasks' card to its tasks view. The dashboard shows them only to users whose menu has that
 * page; each also renders nothing without it, as its calls would be refused.
 */
import { DEVICE_SUMMARY_HOURS, TASK_SUMMARY_DAYS } from '@vap/contracts';
import { useLanguage, useT } from '@vap/kernel';
import { PageSummaryCard, pageCard, SummaryFigure } from '@vap/plugin-dashboard/summary-card';

/** The page both cards summarise (spec §2.3). */
export const MAINTENANCE_PAGE = 'device_maintenance';

/** How often the figures are asked again while the dashboard shows them. */
const REFRESH_MS = 60_000;

/** The card "Devices": online and offline now, and over the last DEVICE_SUMMARY_HOURS. */
function Devices({ to }: { to: string }) {
  const t = useT('devices');
  const number = new Intl.NumberFormat(useLanguage());
  const hours = DEVICE_SUMMARY_HOURS;
  return (
    <PageSummaryCard
      summary="devices"
      refreshMs={REFRESH_MS}
      title={t('dashboardCard.devices.title')}
      to={to}
      open={t('dashboardCard.devices.open')}
      failed={t('dashboardCard.devices.loadFailed')}
      empty={{ when: (data) => data.total === 0, text: t('dashboardCard.devices.empty') }}
    >
      {(data) => {
        const unseen = data.total - data.online_recently;
        return (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-2 gap-4">
              <SummaryFigure
                label={t('dashboardCard.devices.online')}
                value={number.format(data.online)}
                tone="text-success"
              />
              <SummaryFigure label={t('dashboardCard.devices.offline')} value={number.format(data.offline)} />
            </dl>
            <p className="text-sm text-ink-soft">{t('dashboardCard.devices.total', { count: data.total })}</p>
            <section
              aria-label={t('dashboardCard.devices.recently', { hours })}
              className="flex flex-col gap-1"
            >
              <h3 className="text-sm text-ink-soft">{t('dashboardCard.devices.recently', { hours })}</h3>
              <dl className="grid grid-cols-2 gap-4 text-sm">
                <div className="flex justify-between gap-2">
                  <dt className="text-ink-soft">{t('dashboardCard.devices.onlineRecently')}</dt>
                  <dd className="text-ink tabular-nums">{number.format(data.online_recently)}</dd>
                </div>
                <div className="flex justify-between gap-2">
                  <dt className="text-ink-soft">{t('dashboardCard.devices.droppedRecently')}</dt>
                  <dd className="text-ink tabular-nums">{number.format(data.dropped_recently)}</dd>
                </div>
              </dl>
              {unseen > 0 ? (
                <p className="text-sm text-warning">
                  {t('dashboardCard.devices.unseen', { count: unseen, hours })}
                </p>
              ) : null}
            </section>
          </div>
        );
      }}
    </PageSummaryCard>
  );
}

/** The card "Device tasks": running now, and ended failed or completed in the last days. */
function Tasks({ to }: { to: string }) {
  const t = useT('devices');
  const number = new Intl.NumberFormat(useLanguage());
  const days = TASK_SUMMARY_DAYS;
  return (
    <PageSummaryCard
      summary="tasks"
      refreshMs={REFRESH_MS}
      title={t('dashboardCard.tasks.title')}
      to={to}
      open={t('dashboardCard.tasks.open')}
      failed={t('dashboardCard.tasks.loadFailed')}
      empty={{
        when: (data) => data.running + data.failed_recently + data.completed_recently === 0,
        text: t('dashboardCard.tasks.empty', { days }),
      }}
    >
      {(data) => (
        <div className="flex flex-col gap-3">
          <dl className="grid grid-cols-3 gap-4">
            <SummaryFigure
              label={t('dashboardCard.tasks.running')}
              value={number.format(data.running)}
              tone="text-primary"
            />
            <SummaryFigure
              label={t('dashboardCard.tasks.failed')}
              value={number.format(data.failed_recently)}
              tone={data.failed_recently > 0 ? 'text-danger' : 'text-ink'}
            />
            <SummaryFigure
              label={t('dashboardCard.tasks.completed')}
              value={number.format(data.completed_recently)}
            />
          </dl>
          <p className="text-sm text-ink-soft">{t('dashboardCard.tasks.recently', { days })}</p>
          {data.failed_recently > 0 ? (
            <p className="text-sm text-danger">{t('dashboardCard.tasks.failedHint')}</p>
          ) : null}
        </div>
      )}
    </PageSummaryCard>
  );
}

export default pageCard(MAINTENANCE_PAGE, Devices);

export const TasksCard = pageCard(MAINTENANCE_PAGE, Tasks, { view: 'tasks' });
