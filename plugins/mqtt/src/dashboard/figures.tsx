import { useQuery } from '@tanstack/react-query';
import { MQTT_CALLS } from '@vap/contracts';
import { useClient, useLanguage, useT } from '@vap/kernel';
import { Card, Skeleton } from '@vap/ui';
import type { ReactNode } from 'react';

export const COUNTS_KEY = ['mqtt', 'dashboard', 'counts'] as const;

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <p className="text-sm text-ink-soft">{label}</p>
      <div className="mt-1 text-2xl font-medium text-ink">{value}</div>
    </Card>
  );
}

/** The numbers now: connected clients (all, devices, users) and subscriptions (GET …/count). */
export function CurrentFigures() {
  const t = useT('mqtt');
  const mqtt = useClient(MQTT_CALLS);
  const language = useLanguage();
  const clients = useQuery({
    queryKey: [...COUNTS_KEY, 'clients'],
    queryFn: ({ signal }) => mqtt.clientCount({}, { signal }),
  });
  const subscriptions = useQuery({
    queryKey: [...COUNTS_KEY, 'subscriptions'],
    queryFn: async ({ signal }) => (await mqtt.subscriptionCount({}, { signal })).count,
  });
  const number = new Intl.NumberFormat(language);
  const shown = (value: number | undefined, failed: boolean) => {
    if (value !== undefined) return number.format(value);
    return failed ? (
      <span className="text-base text-danger">{t('common.unavailable')}</span>
    ) : (
      <Skeleton lines={1} className="w-16 py-2" />
    );
  };
  const figures = [
    { id: 'clients', label: t('dashboard.clients'), value: clients.data?.count, failed: clients.isError },
    {
      id: 'devices',
      label: t('dashboard.deviceClients'),
      value: clients.data?.device,
      failed: clients.isError,
    },
    { id: 'users', label: t('dashboard.userClients'), value: clients.data?.user, failed: clients.isError },
    {
      id: 'subscriptions',
      label: t('dashboard.subscriptions'),
      value: subscriptions.data,
      failed: subscriptions.isError,
    },
  ];
  return (
    <section aria-label={t('dashboard.now')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {figures.map((figure) => (
        <Figure
          key={figure.id}
          testId={`figure-${figure.id}`}
          label={figure.label}
          value={shown(figure.value, figure.failed)}
        />
      ))}
    </section>
  );
}
