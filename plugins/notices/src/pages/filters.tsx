import { READ_STATE } from '@vap/contracts';
import { useT } from '@vap/kernel';

/**
 * The fields of a notice or message list: read state and date range, applied as they change, and
 * a title search applied on Enter or Search; `dateKey` is the list's date column.
 */
export function useReadFields<K extends 'published_at' | 'created_at'>(dateKey: K) {
  const t = useT('notices');
  return [
    {
      key: 'state',
      op: '=',
      kind: 'radio',
      label: t('filter.state'),
      instant: true,
      options: [
        { value: '', label: t('state.all') },
        { value: String(READ_STATE.unread), label: t('state.unread') },
        { value: String(READ_STATE.read), label: t('state.read') },
      ],
    },
    { key: 'title', op: 'like', kind: 'text', label: t('filter.title'), className: 'w-56' },
    { key: dateKey, op: 'between', kind: 'days', label: t('filter.range'), className: 'w-64', instant: true },
  ] as const;
}
