/**
 * Ages and dates as spec §9 writes them, in the console's language: 'just now' under 30 s, minutes
 * under an hour and hours under a day (Intl.RelativeTimeFormat: "5 minutes ago", "5分钟前",
 * "5 分鐘前"), 'one day ago' under two days, and the console's compact date beyond.
 */
import { formatDateTime, instantOf, relativeAge } from '@vap/contracts';
import { useLanguage } from '@vap/kernel/i18n';
import { type ReactNode, useMemo } from 'react';
import { useUiT } from '../../i18n.js';
import { useNow } from './now.js';

export type Instant = string | number | Date | null | undefined;

/** A function writing how long ago an instant was at `now` (by default the time of the call). */
export function useRelativeTime(): (value: Instant, now?: number) => string {
  const t = useUiT();
  const language = useLanguage();
  const words = useMemo(() => new Intl.RelativeTimeFormat(language, { numeric: 'always' }), [language]);
  return (value, now = Date.now()) => {
    const age = relativeAge(value, now);
    if (age === null) return formatDateTime(value);
    if (age.unit === 'now') return t('time.justNow');
    if (age.unit === 'day') return t('time.oneDayAgo');
    return words.format(-age.count, age.unit);
  };
}

export interface RelativeTimeProps {
  /** The instant: an ISO string, a timestamp or a Date. */
  value: Instant;
  /** Shown when there is no instant (default an em dash). */
  fallback?: ReactNode;
}

/**
 * How long ago `value` was, kept up to date while shown, as a `<time>` whose title is its compact
 * date: a device's last time online, a client's connection.
 */
export function RelativeTime({ value, fallback = '—' }: RelativeTimeProps) {
  const now = useNow();
  const relative = useRelativeTime();
  const time = instantOf(value);
  if (time === null) return <>{fallback}</>;
  return (
    <time dateTime={new Date(time).toISOString()} title={formatDateTime(time)}>
      {relative(time, now)}
    </time>
  );
}
