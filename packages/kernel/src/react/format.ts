import { useMemo } from 'react';
import { useLanguage } from './i18n.js';

/**
 * Formats an ISO 8601 instant as a date and time in the console's language; re-renders when the
 * language changes. An empty or unreadable value shows as an em dash rather than "Invalid Date".
 */
export function useDateTime(): (iso: string) => string {
  const language = useLanguage();
  const format = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
    [language],
  );
  return (iso: string) => {
    const date = new Date(iso);
    return iso === '' || Number.isNaN(date.getTime()) ? '—' : format.format(date);
  };
}
