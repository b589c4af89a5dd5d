/**
 * The broker's card of the dashboard (issue 29): the company's clients connected now and its
 * messages a minute (GET summary), linking to page mqtt_dashboard. The dashboard shows it only to
 * users whose menu has that page — which the mqtt dir has only while the broker answers a version.
 */
import { MQTT_SUMMARY_MINUTES } from '@vap/contracts';
import { useLanguage, useT } from '@vap/kernel';
import { PageSummaryCard, pageCard, SummaryFigure } from '@vap/plugin-dashboard/summary-card';

/** The page the card summarises (spec §2.3). */
const DASHBOARD_PAGE = 'mqtt_dashboard';

/** A rate read at a glance: asked again each minute, as the broker counts by the minute. */
const REFRESH_MS = 60_000;

function Broker({ to }: { to: string }) {
  const t = useT('mqtt');
  const language = useLanguage();
  const count = new Intl.NumberFormat(language);
  const rate = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const minutes = MQTT_SUMMARY_MINUTES;
  return (
    <PageSummaryCard
      summary="mqtt"
      refreshMs={REFRESH_MS}
      title={t('dashboardCard.title')}
      to={to}
      open={t('dashboardCard.open')}
      failed={t('dashboardCard.loadFailed')}
      empty={{
        when: (data) =>
          data.device_clients + data.user_clients === 0 &&
          data.messages_in_per_minute + data.messages_out_per_minute === 0,
        text: t('dashboardCard.empty', { minutes }),
      }}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          <section aria-label={t('dashboardCard.connected')}>
            <dl className="grid grid-cols-2 gap-4">
              <SummaryFigure
                label={t('dashboardCard.deviceClients')}
                value={count.format(data.device_clients)}
              />
              <SummaryFigure label={t('dashboardCard.userClients')} value={count.format(data.user_clients)} />
            </dl>
          </section>
          <section aria-label={t('dashboardCard.rate', { minutes })} className="flex flex-col gap-2">
            <h3 className="text-sm text-ink-soft">{t('dashboardCard.rate', { minutes })}</h3>
            <dl className="grid grid-cols-2 gap-4">
              <SummaryFigure
                label={t('dashboardCard.messagesIn')}
                value={rate.format(data.messages_in_per_minute)}
              />
              <SummaryFigure
                label={t('dashboardCard.messagesOut')}
                value={rate.format(data.messages_out_per_minute)}
              />
            </dl>
          </section>
        </div>
      )}
    </PageSummaryCard>
  );
}

export default pageCard(DASHBOARD_PAGE, Broker);
