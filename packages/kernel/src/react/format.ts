import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Formats an ISO 8601 instant as a date and time in the console's language; re-renders when the
 * language changes. An empty or unreadable value shows as an em dash rather than "Invalid Date".
 */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  return (iso: string) => {
    const date = new Date(iso);
    return iso === '' || Number.isNaN(date.getTime()) ? '—' : format.format(date);
  };
}
