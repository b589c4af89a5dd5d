/** Value and time formatting shared by the chart and its data table. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A time value as milliseconds: Date, timestamp (ms) or a parseable string; null otherwise. */
export function toTime(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** Numbers in the language's grouping: 12,345.6 */
export function defaultValueFormat(language: string): (value: number) => string {
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  return (value) => format.format(value);
}

/** Full date and minute, for the tooltip and the data table. */
export function fullTimeFormat(language: string): (time: Date) => string {
  const format = new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (time) => format.format(time);
}

/** Axis ticks: the time of day over a short span, the date over a longer one. */
export function tickTimeFormat(language: string, times: number[]): (time: Date) => string {
  const span = times.length > 0 ? Math.max(...times) - Math.min(...times) : 0;
  const format = new Intl.DateTimeFormat(
    language,
    span > 2 * DAY_MS ? { month: '2-digit', day: '2-digit' } : { hour: '2-digit', minute: '2-digit' },
  );
  return (time) => format.format(time);
}
