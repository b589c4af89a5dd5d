import { formatNumberSuffix } from '@vap/contracts';
import { useLanguage } from '@vap/kernel/i18n';
import { lazy, Suspense, useMemo } from 'react';
import { cn } from '../../cn.js';
import { useUiT } from '../../i18n.js';
import { ChartPlaceholder } from './chart-placeholder.js';
import { ChartTable } from './chart-table.js';
import { defaultValueFormat, fullTimeFormat, tickTimeFormat, toTime } from './format.js';
import { paletteColour } from './palette.js';
import type { ChartRow, ChartSeries, ChartType } from './types.js';

// The drawing is only fetched when a chart is first drawn (see chart-impl.tsx).
const ChartImpl = lazy(() => import('./chart-impl.js'));

export interface ChartProps {
  type: ChartType;
  data: ChartRow[];
  /** The data key of the x axis (the slice name for a pie). */
  x: string;
  /** The plotted values; a pie draws the first. */
  series: ChartSeries[];
  /** Height in px; 300 by default. */
  height?: number;
  /** A fixed width in px; by default the chart fills its container's width. */
  width?: number;
  /** The chart's accessible name and the caption of its data table. */
  title: string;
  /** Header of the x column in the data table; "Category" or "Time" otherwise. */
  xLabel?: string;
  /**
   * Formats values on the axis, in the tooltip and in the data table. By default the language's
   * grouping (12,345), and on the axis the suffixes of spec §9 (12.3k).
   */
  valueFormat?: (value: number) => string;
  /** Formats the dates of a 'time' chart; the language's date and time otherwise. */
  timeFormat?: (time: Date) => string;
  /** Shows the placeholder while the caller fetches the data. */
  loading?: boolean;
  className?: string;
}

const byX = (x: string) => (a: ChartRow, b: ChartRow) => (a[x] as number) - (b[x] as number);

/**
 * A line, bar, pie or time chart. Light on purpose: the drawing (SVG from d3) loads lazily behind a
 * placeholder of the same height, and a visually hidden table carries the numbers for screen
 * readers.
 */
export function Chart({
  type,
  data,
  x,
  series,
  height = 300,
  width,
  title,
  xLabel,
  valueFormat,
  timeFormat,
  loading,
  className,
}: ChartProps) {
  const t = useUiT();
  const language = useLanguage();
  const time = type === 'time';

  const rows = useMemo(() => {
    if (!time) return data;
    return data
      .map((row) => ({ ...row, [x]: toTime(row[x]) }))
      .filter((row) => row[x] !== null)
      .sort(byX(x));
  }, [data, x, time]);

  const formats = useMemo(() => {
    const formatValue = valueFormat ?? defaultValueFormat(language);
    const formatAxis = valueFormat ?? ((value: number) => formatNumberSuffix(value));
    if (!time) {
      const text = (value: unknown) => String(value ?? '');
      return { formatValue, formatAxis, formatX: text, formatTick: text };
    }
    const full = timeFormat ?? fullTimeFormat(language);
    const tick =
      timeFormat ??
      tickTimeFormat(
        language,
        rows.map((row) => row[x] as number),
      );
    const asTime = (format: (time: Date) => string) => (value: unknown) => {
      const ms = toTime(value);
      return ms === null ? '' : format(new Date(ms));
    };
    return { formatValue, formatAxis, formatX: asTime(full), formatTick: asTime(tick) };
  }, [valueFormat, timeFormat, language, time, rows, x]);

  const coloured = useMemo(
    () => series.map((item, index) => ({ ...item, color: item.color ?? paletteColour(index) })),
    [series],
  );

  if (loading) return <ChartPlaceholder height={height} label={t('chart.loading')} className={className} />;

  if (rows.length === 0) {
    return (
      <figure
        aria-label={title}
        style={{ height }}
        className={cn('m-0 flex w-full items-center justify-center text-sm text-ink-faint', className)}
      >
        {t('chart.empty')}
      </figure>
    );
  }

  return (
    <div className={cn('w-full text-ink-soft', className)}>
      <Suspense fallback={<ChartPlaceholder height={height} label={t('chart.loading')} />}>
        <div role="img" aria-label={title} style={{ height }}>
          <ChartImpl
            type={type}
            data={rows}
            x={x}
            series={coloured}
            height={height}
            {...(width === undefined ? {} : { width })}
            {...formats}
          />
        </div>
      </Suspense>
      <ChartTable
        caption={title}
        xLabel={xLabel ?? t(time ? 'chart.time' : 'chart.category')}
        data={rows}
        x={x}
        series={coloured}
        formatX={formats.formatX}
        formatValue={formats.formatValue}
      />
    </div>
  );
}
