import { Chart, type ChartRow } from '@vap/ui';
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

export function ChartsSection() {
  return (
    <Section id="charts">
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Demo title={t.line}>
          <Chart
            type="line"
            title={t.lineTitle}
            data={months}
            x="month"
            xLabel={t.month}
            series={[
              { key: 'online', label: t.online },
              { key: 'offline', label: t.offline },
            ]}
            height={260}
          />
        </Demo>
        <Demo title={t.bar}>
          <Chart
            type="bar"
            title={t.barTitle}
            data={weekdays}
            x="day"
            xLabel={t.weekday}
            series={[
              { key: 'alarms', label: t.alarms },
              { key: 'motion', label: t.motion },
            ]}
            height={260}
          />
        </Demo>
        <Demo title={t.pie}>
          <Chart
            type="pie"
            title={t.pieTitle}
            data={models}
            x="model"
            series={[{ key: 'devices', label: t.devices }]}
            height={260}
          />
        </Demo>
        <Demo title={t.time}>
          <Chart
            type="time"
            title={t.timeTitle}
            data={hours}
            x="time"
            series={[{ key: 'online', label: t.online }]}
            height={260}
          />
        </Demo>
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
