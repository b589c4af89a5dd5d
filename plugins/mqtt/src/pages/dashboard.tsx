import { useQueryClient } from '@tanstack/react-query';
import { MQTT_SERIES_KEPT_DAYS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, RadioGroup } from '@vap/ui';
import { useState } from 'react';
import { SPAN_NAMES, type Span } from '../common/spans.js';
import { ClockOffset, VERSION_KEY } from '../dashboard/clock-offset.js';
import { COUNTS_KEY, CurrentFigures } from '../dashboard/figures.js';
import { SeriesCharts } from '../dashboard/series-charts.js';
import { seriesQuery } from '../dashboard/series-range.js';

/**
 * The broker's dashboard (spec §2.3 mqtt_dashboard; issue 15, after EMQX 5's): the numbers now,
 * their history over a chosen range, and the broker's version with the clock offset. Refresh asks
 * everything again, the range ending at that moment.
 */
export default function MqttDashboardPage() {
  const t = useT('mqtt');
  const queryClient = useQueryClient();
  const [range, setRange] = useState<Span>('1h');
  const [query, setQuery] = useState(() => seriesQuery('1h', Date.now()));

  const choose = (next: Span) => {
    setRange(next);
    setQuery(seriesQuery(next, Date.now()));
  };
  const refresh = () => {
    // A new range ending now is a new query of each series; the rest is asked again.
    setQuery(seriesQuery(range, Date.now()));
    for (const queryKey of [COUNTS_KEY, VERSION_KEY]) void queryClient.invalidateQueries({ queryKey });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-medium text-ink">{t('dashboard.title')}</h1>
        <Button onClick={refresh}>{t('common.refresh')}</Button>
      </div>
      <CurrentFigures />
      <ClockOffset />
      <div className="flex flex-wrap items-center gap-3">
        <span id="mqtt-series-range" className="text-sm text-ink-soft">
          {t('dashboard.range')}
        </span>
        <RadioGroup
          aria-labelledby="mqtt-series-range"
          value={range}
          onValueChange={(value) => choose(value as Span)}
          options={SPAN_NAMES.map((name) => ({
            value: name,
            label: t(`dashboard.ranges.${name}`, { days: MQTT_SERIES_KEPT_DAYS }),
          }))}
        />
      </div>
      <SeriesCharts query={query} />
    </div>
  );
}
