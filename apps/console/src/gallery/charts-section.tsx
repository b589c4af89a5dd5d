import { Chart, type ChartRow, type ChartType } from '@vap/ui';
import { Demo, Section } from './demo.js';
import { text } from './gallery-text.js';

const t = text.charts;

const months: ChartRow[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug'].map((month, index) => ({
  month,
  online: 1400 + index * 95 + (index % 3) * 40,
  offline: 620 - index * 35 + (index % 2) * 30,
}));

const weekdays: ChartRow[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day, index) => ({
  day,
  alarms: 30 + ((index * 17) % 40),
  motion: 120 + ((index * 37) % 90),
}));

const models: ChartRow[] = [
  { model: 'IPC-2M', devices: 980 },
  { model: 'IPC-4K', devices: 640 },
  { model: 'IPC-PTZ', devices: 520 },
  { model: 'NVR-16', devices: 360 },
];

const HOUR = 3_600_000;
const start = Date.UTC(2026, 10, 20, 0);
const hours: ChartRow[] = Array.from({ length: 24 }, (_, index) => ({
  time: new Date(start + index * HOUR),
  online: Math.round(1750 + 120 * Math.sin((index / 24) * 2 * Math.PI) + ((index * 13) % 30)),
}));

/** A series of the gallery's charts: a value key of its rows, named by its text. */
type SeriesKey = 'online' | 'offline' | 'alarms' | 'motion' | 'devices';

/** The chart of each type: its rows, its x key (and the x column's header), its series' keys. */
const CHARTS: { type: ChartType; data: ChartRow[]; x: string; xLabel?: string; series: SeriesKey[] }[] = [
  { type: 'line', data: months, x: 'month', xLabel: t.month, series: ['online', 'offline'] },
  { type: 'bar', data: weekdays, x: 'day', xLabel: t.weekday, series: ['alarms', 'motion'] },
  { type: 'pie', data: models, x: 'model', series: ['devices'] },
  { type: 'time', data: hours, x: 'time', series: ['online'] },
];

export function ChartsSection() {
  return (
    <Section id="charts">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {CHARTS.map(({ type, series, ...chart }) => (
          <Demo key={type} title={t[type]}>
            <Chart
              type={type}
              title={t[`${type}Title`]}
              series={series.map((key) => ({ key, label: t[key] }))}
              height={260}
              {...chart}
            />
          </Demo>
        ))}
        <Demo title={t.loading}>
          <div className="grid w-full grid-cols-2 gap-4">
            <Chart type="line" title={t.loadingTitle} data={[]} x="x" series={[]} height={160} loading />
            <Chart type="bar" title={t.emptyTitle} data={[]} x="x" series={[]} height={160} />
          </div>
        </Demo>
      </div>
    </Section>
  );
}
