/**
 * The time range of a log query: a span ending now, or two instants typed in local time. At most
 * MQTT_SERIES_KEPT_DAYS long (mqttLogQuerySchema), the last hour by default (issue 15).
 */
import { SPAN_NAMES, SPANS, type Span } from '../common/spans.js';

export type RangeChoice = Span | 'custom';
export const RANGE_CHOICES: readonly RangeChoice[] = [...SPAN_NAMES, 'custom'];

/** The longest range a log is asked for: all that is kept. */
export const MAX_RANGE_MS = SPANS['7d'] * 1000;

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
    return { from: new Date(now - SPANS[choice] * 1000).toISOString(), to: new Date(now).toISOString() };
  }
  return {
    from: new Date(localInstant(from) ?? now).toISOString(),
    to: new Date(localInstant(to) ?? now).toISOString(),
  };
}
