import { BIND_ACTIONS, BIND_RECORD_FILTERS, BIND_SOURCES } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/** The binding records' filters: serial, action, source and days, applied on Search (or Enter). */
export function useBindRecordFilters() {
  const t = useT('devices');
  return useFilters(BIND_RECORD_FILTERS, [
    { key: 'sn', op: 'like', kind: 'text', label: t('device.sn'), className: 'w-48' },
    {
      key: 'action',
      op: '=',
      kind: 'select',
      label: t('records.action'),
      placeholder: t('records.anyAction'),
      options: BIND_ACTIONS.map((action) => ({ value: action, label: t(`records.actions.${action}`) })),
      className: 'w-36',
    },
    {
      key: 'source',
      op: '=',
      kind: 'select',
      label: t('records.source'),
      placeholder: t('records.anySource'),
      options: BIND_SOURCES.map((source) => ({ value: source, label: t(`records.sources.${source}`) })),
      className: 'w-36',
    },
    { key: 'created_at', op: 'between', kind: 'days', label: t('records.time'), className: 'w-64' },
  ]);
}
