/**
 * Where the values of a line, bar or time chart land: the x and y scales and the ticks of both
 * axes, as plain numbers for the SVG (see cartesian.tsx).
 */
import { bisectCenter } from 'd3-array';
import { scaleBand, scaleLinear, scaleTime } from 'd3-scale';
import type { ChartRow, ChartType } from './types.js';

export interface Tick {
  at: number;
  text: string;
}

/** About how many px an axis label needs per character at the 12 px of the ticks. */
const CHAR_PX = 7;
const Y_TICKS = 5;

function numbers(data: ChartRow[], keys: string[]): number[] {
  return data.flatMap((row) => keys.map((key) => row[key])).filter((v): v is number => typeof v === 'number');
}

/** The value axis: from 0 (or the lowest value below it) to the highest, on round numbers. */
export function valueScale(
  data: ChartRow[],
  keys: string[],
  top: number,
  bottom: number,
  format: (value: number) => string,
) {
  const values = numbers(data, keys);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const y = scaleLinear()
    .domain([low, high === low ? low + 1 : high])
    .nice(Y_TICKS)
    .range([bottom, top]);
  const ticks: Tick[] = y.ticks(Y_TICKS).map((value) => ({ at: y(value), text: format(value) }));
  const width = Math.max(24, ...ticks.map((tick) => tick.text.length * CHAR_PX + 12));
  return { y, ticks, width };
}

/** Keeps every n-th category label so that neighbours do not overlap. */
function thinned(ticks: Tick[], space: number): Tick[] {
  const widest = Math.max(1, ...ticks.map((tick) => tick.text.length * CHAR_PX + 8));
  const step = Math.max(1, Math.ceil((widest * ticks.length) / Math.max(space, 1)));
  return ticks.filter((_, index) => index % step === 0);
}

export interface XScale {
  /** The centre of row `index`. */
  at: (index: number) => number;
  /** The width of a category's band (bars); 0 for lines. */
  band: number;
  ticks: Tick[];
  /** The row nearest to the pointer's x. */
  nearest: (px: number) => number;
}

/**
 * The x axis: categories spread evenly (bars in bands, lines on points), or a time axis whose
 * ticks fall on round times.
 */
export function xScale(
  type: ChartType,
  data: ChartRow[],
  x: string,
  left: number,
  right: number,
  formatTick: (value: unknown) => string,
): XScale {
  const indexes = data.map((_, index) => index);
  if (type === 'time') {
    const times = data.map((row) => row[x] as number);
    const first = times[0] ?? 0;
    const last = times[times.length - 1] ?? first;
    const scale = scaleTime()
      .domain([first, last === first ? first + 1 : last])
      .range([left, right]);
    const count = Math.max(2, Math.floor((right - left) / 90));
    const ticks = scale.ticks(count).map((time) => ({ at: scale(time), text: formatTick(time.getTime()) }));
    return {
      at: (index) => scale(times[index] as number),
      band: 0,
      ticks,
      nearest: (px) => bisectCenter(times, scale.invert(px).getTime()),
    };
  }
  const scale = scaleBand<number>()
    .domain(indexes)
    .range([left, right])
    .paddingInner(type === 'bar' ? 0.2 : 0)
    .paddingOuter(type === 'bar' ? 0.1 : 0)
    .align(0.5);
  // Lines put points at the centres of equal slots, as bars do, so both read alike.
  const at = (index: number) => (scale(index) ?? left) + scale.bandwidth() / 2;
  const ticks = thinned(
    indexes.map((index) => ({ at: at(index), text: formatTick(data[index]?.[x]) })),
    right - left,
  );
  const slot = (right - left) / Math.max(data.length, 1);
  return {
    at,
    band: type === 'bar' ? scale.bandwidth() : 0,
    ticks,
    nearest: (px) => Math.min(data.length - 1, Math.max(0, Math.floor((px - left) / slot))),
  };
}
