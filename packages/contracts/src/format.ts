/**
 * The number and time helpers of spec §9, written once for every screen: thousands separators,
 * the suffixes k, M, G, T, P, E, the relative age of an instant ('just now', minutes, hours, 'one
 * day ago') and the console's one compact date and time beyond it. Free of zod and of any language:
 * the words of a relative age are the design system's (`@vap/ui`'s `useRelativeTime`), in the
 * console's three languages.
 */

/** `1234567` → `1,234,567`; a fraction is kept as given (`1234.5` → `1,234.5`). */
export function formatThousands(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = Math.abs(value).toString().split('.');
  // Past 1e21 toString() writes an exponent; the integer digits are then read from BigInt.
  const digits = whole.includes('e') ? BigInt(Math.round(Math.abs(value))).toString() : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined || whole.includes('e') ? '' : `.${fraction}`}`;
}

/** The suffixes of spec §9, each a thousand times the one before it. */
export const NUMBER_SUFFIXES = ['k', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * A count made short with the suffixes of spec §9: `1234` → `1.2k`, `12_345_678` → `12.3M`,
 * `5e18` → `5E`. `digits` decimals at most, trailing zeros dropped; under 1000 the number as it
 * is (rounded to `digits`), and past 999E the count of E with thousands separators (`1,500E`).
 */
export function formatNumberSuffix(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const scale = 10 ** digits;
  const round = (number: number) => Math.round(number * scale) / scale;
  let rest = Math.abs(value);
  let suffix = -1;
  // Up while the rounded figure would read 1000 or more: 999,950 is 1M, not 1000k.
  while (suffix < NUMBER_SUFFIXES.length - 1 && round(rest) >= 1000) {
    rest /= 1000;
    suffix += 1;
  }
  return `${sign}${formatThousands(round(rest))}${suffix < 0 ? '' : NUMBER_SUFFIXES[suffix]}`;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec §9: an instant less than this old is 'just now'. */
export const JUST_NOW_MS = 30 * SECOND_MS;

/**
 * How long ago an instant was, as spec §9 words it: `now` under 30 s, whole minutes under an
 * hour, whole hours under a day, one day under two. A clock a little ahead counts as now too.
 */
export type RelativeAge =
  | { unit: 'now' }
  | { unit: 'minute'; count: number }
  | { unit: 'hour'; count: number }
  | { unit: 'day'; count: 1 };

/** An instant as milliseconds: an ISO string, a timestamp or a Date; null when unreadable or empty. */
export function instantOf(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/**
 * The relative age of `value` at `now` (spec §9), or null when it is two days old or more, in the
 * future beyond 30 s, or unreadable: such an instant is shown as a date (`formatDateTime`).
 */
export function relativeAge(
  value: string | number | Date | null | undefined,
  now: number = Date.now(),
): RelativeAge | null {
  const time = instantOf(value);
  if (time === null) return null;
  const age = now - time;
  if (age < -JUST_NOW_MS) return null;
  if (age < JUST_NOW_MS) return { unit: 'now' };
  if (age < HOUR_MS) return { unit: 'minute', count: Math.max(1, Math.floor(age / MINUTE_MS)) };
  if (age < DAY_MS) return { unit: 'hour', count: Math.floor(age / HOUR_MS) };
  if (age < 2 * DAY_MS) return { unit: 'day', count: 1 };
  return null;
}

const two = (number: number) => String(number).padStart(2, '0');

/**
 * The console's one compact date and time, the same in every language: `2025-11-27 09:05`, in the
 * browser's time zone, 24-hour; with `seconds` (a log's entries) `2025-11-27 09:05:07`. Empty or
 * unreadable: an em dash.
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  const time = instantOf(value);
  if (time === null) return '—';
  const date = new Date(time);
  const seconds = options.seconds ? `:${two(date.getSeconds())}` : '';
  return `${formatDate(date)} ${two(date.getHours())}:${two(date.getMinutes())}${seconds}`;
}

/** The date alone, as `formatDateTime` writes it: `2025-11-27`. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const time = instantOf(value);
  if (time === null) return '—';
  const date = new Date(time);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * A duration in whole seconds as a clock reads it: `m:ss` under an hour, `h:mm:ss` from an hour
 * (a call's length in the dial records, and in their export).
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
