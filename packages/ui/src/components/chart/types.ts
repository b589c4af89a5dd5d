/** Types shared by the light `Chart` and its lazily loaded renderer (no d3 here). */

/** 'time' is a line over a time axis: x holds dates, timestamps (ms) or ISO strings. */
export type ChartType = 'line' | 'bar' | 'pie' | 'time';

export interface ChartSeries {
  /** The data key of the values. */
  key: string;
  /** The series' name in the legend, tooltip and data table. */
  label: string;
  /** Any CSS colour; the palette (theme primary first) otherwise. */
  color?: string;
}

export type ChartRow = Record<string, unknown>;

/** What the renderer gets: colours resolved, time values as milliseconds, formatters set. */
export interface ChartImplProps {
  type: ChartType;
  data: ChartRow[];
  x: string;
  series: Required<ChartSeries>[];
  height: number;
  width?: number;
  formatValue: (value: number) => string;
  /** Tick text of the value axis: short (spec §9 suffixes) unless the caller formats values. */
  formatAxis: (value: number) => string;
  /** Tick text of the x axis. */
  formatTick: (value: unknown) => string;
  /** Full text of an x value, for the tooltip. */
  formatX: (value: unknown) => string;
}
