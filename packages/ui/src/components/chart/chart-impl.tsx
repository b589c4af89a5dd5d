/**
 * The chart drawing: the only module that imports recharts, loaded lazily by `Chart` so that
 * recharts lands in its own chunk, fetched by the pages that draw a chart and no others.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { paletteColour } from './palette.js';
import type { ChartImplProps } from './types.js';

const MARGIN = { top: 8, right: 16, bottom: 0, left: 0 };
const AXIS_TICK = { fontSize: 12, fill: 'currentColor' };

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export default function ChartImpl({
  type,
  data,
  x,
  series,
  height,
  width,
  formatValue,
  formatAxis,
  formatTick,
  formatX,
}: ChartImplProps) {
  // A fixed width renders at that size; otherwise the chart follows its container's width.
  const size = width === undefined ? { responsive: true, width: '100%' as const, height } : { width, height };
  const animate = !prefersReducedMotion();
  // The wrapper is role="img" with a data table beside it, so recharts' own keyboard layer
  // (an interactive element inside an image) is turned off.
  const common = { ...size, data, margin: MARGIN, accessibilityLayer: false };
  const tooltip = (
    <Tooltip
      formatter={(value) => (typeof value === 'number' ? formatValue(value) : String(value))}
      labelFormatter={(label) => formatX(label)}
    />
  );

  if (type === 'pie') {
    const first = series[0];
    if (!first) return null;
    // Slices of one series: each gets its own palette colour, the theme colour first.
    const slices = data.map((row, index) => ({ ...row, fill: paletteColour(index) }));
    return (
      <PieChart {...size} accessibilityLayer={false}>
        {tooltip}
        <Legend />
        <Pie
          data={slices}
          dataKey={first.key}
          nameKey={x}
          name={first.label}
          outerRadius="80%"
          isAnimationActive={animate}
        />
      </PieChart>
    );
  }

  const xAxis =
    type === 'time' ? (
      <XAxis
        dataKey={x}
        type="number"
        scale="time"
        domain={['dataMin', 'dataMax']}
        tickFormatter={formatTick}
        tick={AXIS_TICK}
      />
    ) : (
      <XAxis dataKey={x} tickFormatter={formatTick} tick={AXIS_TICK} />
    );
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
      {xAxis}
      <YAxis tickFormatter={formatAxis} tick={AXIS_TICK} width="auto" />
      {tooltip}
      <Legend />
    </>
  );

  if (type === 'bar') {
    return (
      <BarChart {...common}>
        {axes}
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={item.color}
            isAnimationActive={animate}
          />
        ))}
      </BarChart>
    );
  }
  return (
    <LineChart {...common}>
      {axes}
      {series.map((item) => (
        <Line
          key={item.key}
          type="monotone"
          dataKey={item.key}
          name={item.label}
          stroke={item.color}
          strokeWidth={2}
          dot={data.length <= 30}
          isAnimationActive={animate}
        />
      ))}
    </LineChart>
  );
}
