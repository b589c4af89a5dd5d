/**
 * The time range of a log query: a span ending now, or two instants typed in local time. At most
 * MQTT_SERIES_KEPT_DAYS long (mqttLogQuerySchema), the last hour by default (issue 15).
 */
import { MQTT_SERIES_KEPT_DAYS } from '@vap/contracts';

const HOUR_MS = 3600_000;
export const LOG_SPANS = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': MQTT_SERIES_KEPT_DAYS * 24 * HOUR_MS,
} as const;
export type LogSpan = keyof typeof LOG_SPANS;
export type RangeChoice = LogSpan | 'custom';
export const RANGE_CHOICES: readonly RangeChoice[] = [...(Object.keys(LOG_SPANS) as LogSpan[]), 'custom'];

/** The longest range a log is asked for. */
export const MAX_RANGE_MS = MQTT_SERIES_KEPT_DAYS * 24 * HOUR_MS;

/** Keys of the `log.rangeProblems` strings. */
export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** A range as it travels: ISO 8601 instants. */
export interface LogRange {
  from: string;
  to: string;
}

/** The value of a `datetime-local` input (local time) as an instant, or null when empty or unreadable. */
export function localInstant(value: string): number | null {
  if (!value) return null;
  const at = new Date(value).getTime();
  return Number.isNaN(at) ? null : at;
}

/** Why two typed instants are not a range the server takes. */
export function customRangeProblem(from: string, to: string): RangeProblem | null {
  const start = localInstant(from);
  const end = localInstant(to);
  if (start === null || end === null) return 'missing';
  if (start > end) return 'order';
  return end - start > MAX_RANGE_MS ? 'tooLong' : null;
}

/** The range to ask: a span ending `now`, or the typed instants (checked beforehand). */
export function resolveRange(choice: RangeChoice, from: string, to: string, now: number): LogRange {
  if (choice !== 'custom') {
    return { from: new Date(now - LOG_SPANS[choice]).toISOString(), to: new Date(now).toISOString() };
  }
  return {
    from: new Date(localInstant(from) ?? now).toISOString(),
    to: new Date(localInstant(to) ?? now).toISOString(),
  };
}
