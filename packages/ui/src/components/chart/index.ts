// The chart components. Only the light `Chart` is exported: the drawing (d3) stays behind
// its lazy import.
export { Chart, type ChartProps } from './chart.js';
export { CHART_PALETTE } from './palette.js';
export type { ChartRow, ChartSeries, ChartType } from './types.js';
