import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MQTT_CALLS, type MqttSeriesQuery } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, Card, Chart, type ChartRow, type ChartSeries } from '@vap/ui';

const SERIES_KEY = ['mqtt', 'dashboard', 'series'] as const;

interface SeriesChartProps {
  /** Names the series in the query key: charts of one answer share its name, and one call. */
  name: string;
  title: string;
  /** What the chart counts, when its title alone does not say it. */
  hint?: string;
  query: MqttSeriesQuery;
  series: ChartSeries[];
  load: (query: MqttSeriesQuery, signal: AbortSignal) => Promise<{ items: ChartRow[] }>;
}

/** One time series in a card: the chart (its drawing loaded with the first chart) or why it failed. */
function SeriesChart({ name, title, hint, query, series, load }: SeriesChartProps) {
  const t = useT('mqtt');
  const answer = useQuery({
    queryKey: [...SERIES_KEY, name, query],
    queryFn: ({ signal }) => load(query, signal),
    // Another range keeps the curve drawn until its own points arrive.
    placeholderData: keepPreviousData,
  });
  return (
    <Card title={title}>
      {hint ? <p className="mb-2 text-sm text-ink-soft">{hint}</p> : null}
      {answer.isError ? (
        <div
          role="alert"
          className="flex h-60 flex-col items-center justify-center gap-3 text-sm text-danger"
        >
          <span>{answer.error.message || t('common.loadFailed')}</span>
          <Button onClick={() => void answer.refetch()}>{t('common.retry')}</Button>
        </div>
      ) : (
        <Chart
          type="time"
          title={title}
          data={answer.data?.items ?? []}
          x="t"
          series={series}
          height={240}
          loading={answer.isPending}
        />
      )}
    </Card>
  );
}

/**
 * The series over the chosen range: clients, subscriptions, messages (issue 15), and the connects
 * refused that named the company's devices or keys (issue 28), which the clients' answer carries.
 */
export function SeriesCharts({ query }: { query: MqttSeriesQuery }) {
  const t = useT('mqtt');
  const mqtt = useClient(MQTT_CALLS);
  // The instants and the step, as the server reads them.
  const asked = ({ from, to, step }: MqttSeriesQuery) => ({ query: { from, to, step } });
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <SeriesChart
        name="clients"
        title={t('dashboard.clientsSeries')}
        query={query}
        series={[
          { key: 'device', label: t('kind.device') },
          { key: 'user', label: t('kind.user') },
        ]}
        load={(q, signal) => mqtt.clientSeries(asked(q), { signal })}
      />
      <SeriesChart
        name="subscriptions"
        title={t('dashboard.subscriptionsSeries')}
        query={query}
        series={[{ key: 'count', label: t('dashboard.subscriptions') }]}
        load={(q, signal) => mqtt.subscriptionSeries(asked(q), { signal })}
      />
      <SeriesChart
        name="publishes"
        title={t('dashboard.publishesSeries')}
        query={query}
        series={[
          { key: 'in', label: t('dashboard.messagesIn') },
          { key: 'out', label: t('dashboard.messagesOut') },
        ]}
        load={(q, signal) => mqtt.publishSeries(asked(q), { signal })}
      />
      <SeriesChart
        name="clients"
        title={t('dashboard.refusedSeries')}
        hint={t('dashboard.refusedHint')}
        query={query}
        series={[{ key: 'refused', label: t('dashboard.refused') }]}
        load={(q, signal) => mqtt.clientSeries(asked(q), { signal })}
      />
    </div>
  );
}
