/**
 * The device area's cards of the dashboard (issue 29): the fleet online and offline (GET
 * devices/summary) and its tasks (GET tasks/summary), each linking to page device_maintenance —
 * the tasks' card to its tasks view. The dashboard shows them only to users whose menu has that
 * page; each also renders nothing without it, as its calls would be refused.
 */
import { useQuery } from '@tanstack/react-query';
import {
  DEVICE_PATHS,
  DEVICE_SUMMARY_HOURS,
  deviceSummarySchema,
  TASK_PATHS,
  TASK_SUMMARY_DAYS,
  taskSummarySchema,
} from '@vap/contracts';
import { type AppRoute, useKernel, useLanguage, useSession, useT } from '@vap/kernel';
import { Button, Card, Empty, Skeleton } from '@vap/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The page both cards summarise (spec §2.3). */
export const MAINTENANCE_PAGE = 'device_maintenance';

/** How often the figures are asked again while the dashboard shows them. */
const REFRESH_MS = 60_000;

function useMaintenanceRoute(): AppRoute | null {
  const { routes } = useSession();
  const route = routes?.byName.get(MAINTENANCE_PAGE);
  return route?.type === 'page' ? route : null;
}

/** One figure: its label over its number. */
function Figure({ label, value, tone = 'text-ink' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className={`text-2xl font-medium tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/** A card's frame: its title, the link to its page, and its body in one of its states. */
function Frame({
  title,
  link,
  testId,
  children,
}: {
  title: string;
  link: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} data-testid={testId} extra={link}>
      {children}
    </Card>
  );
}

function Failed({ text, retry }: { text: string; retry: () => void }) {
  const t = useT('devices');
  return (
    <div role="alert" className="flex items-center gap-3 text-sm text-danger">
      <span>{text}</span>
      <Button size="small" onClick={retry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The card "Devices": online and offline now, and over the last DEVICE_SUMMARY_HOURS. */
export default function DevicesCard() {
  const route = useMaintenanceRoute();
  return route ? <Devices to={route.path} /> : null;
}

function Devices({ to }: { to: string }) {
  const t = useT('devices');
  const { http } = useKernel();
  const number = new Intl.NumberFormat(useLanguage());
  const { data, isPending, refetch } = useQuery({
    queryKey: ['devices', 'dashboard-card', 'devices'],
    // Quiet: the card says it failed, with a retry; the console need not.
    queryFn: ({ signal }) =>
      http.get(DEVICE_PATHS.summary, { schema: deviceSummarySchema, quiet: true, signal }),
    refetchInterval: REFRESH_MS,
  });
  const hours = DEVICE_SUMMARY_HOURS;
  let body: ReactNode = <Skeleton lines={3} />;
  if (data && data.total === 0) body = <Empty description={t('dashboardCard.devices.empty')} />;
  else if (data) {
    const unseen = data.total - data.online_recently;
    body = (
      <div className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-4">
          <Figure
            label={t('dashboardCard.devices.online')}
            value={number.format(data.online)}
            tone="text-success"
          />
          <Figure label={t('dashboardCard.devices.offline')} value={number.format(data.offline)} />
        </dl>
        <p className="text-sm text-ink-soft">{t('dashboardCard.devices.total', { count: data.total })}</p>
        <section aria-label={t('dashboardCard.devices.recently', { hours })} className="flex flex-col gap-1">
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
  } else if (!isPending) {
    body = <Failed text={t('dashboardCard.devices.loadFailed')} retry={() => void refetch()} />;
  }
  return (
    <Frame
      title={t('dashboardCard.devices.title')}
      testId="devices-card"
      link={
        <Link to={to} className="text-sm text-primary hover:underline">
          {t('dashboardCard.devices.open')}
        </Link>
      }
    >
      {body}
    </Frame>
  );
}

/** The card "Device tasks": running now, and ended failed or completed in the last days. */
export function TasksCard() {
  const route = useMaintenanceRoute();
  return route ? <Tasks to={`${route.path}?view=tasks`} /> : null;
}

function Tasks({ to }: { to: string }) {
  const t = useT('devices');
  const { http } = useKernel();
  const number = new Intl.NumberFormat(useLanguage());
  const { data, isPending, refetch } = useQuery({
    queryKey: ['devices', 'dashboard-card', 'tasks'],
    queryFn: ({ signal }) => http.get(TASK_PATHS.summary, { schema: taskSummarySchema, quiet: true, signal }),
    refetchInterval: REFRESH_MS,
  });
  const days = TASK_SUMMARY_DAYS;
  let body: ReactNode = <Skeleton lines={3} />;
  if (data && data.running + data.failed_recently + data.completed_recently === 0) {
    body = <Empty description={t('dashboardCard.tasks.empty', { days })} />;
  } else if (data) {
    body = (
      <div className="flex flex-col gap-3">
        <dl className="grid grid-cols-3 gap-4">
          <Figure
            label={t('dashboardCard.tasks.running')}
            value={number.format(data.running)}
            tone="text-primary"
          />
          <Figure
            label={t('dashboardCard.tasks.failed')}
            value={number.format(data.failed_recently)}
            tone={data.failed_recently > 0 ? 'text-danger' : 'text-ink'}
          />
          <Figure label={t('dashboardCard.tasks.completed')} value={number.format(data.completed_recently)} />
        </dl>
        <p className="text-sm text-ink-soft">{t('dashboardCard.tasks.recently', { days })}</p>
        {data.failed_recently > 0 ? (
          <p className="text-sm text-danger">{t('dashboardCard.tasks.failedHint')}</p>
        ) : null}
      </div>
    );
  } else if (!isPending) {
    body = <Failed text={t('dashboardCard.tasks.loadFailed')} retry={() => void refetch()} />;
  }
  return (
    <Frame
      title={t('dashboardCard.tasks.title')}
      testId="tasks-card"
      link={
        <Link to={to} className="text-sm text-primary hover:underline">
          {t('dashboardCard.tasks.open')}
        </Link>
      }
    >
      {body}
    </Frame>
  );
}
