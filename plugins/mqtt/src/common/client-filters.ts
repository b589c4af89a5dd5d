import type { TranslateOf } from '@vap/kernel';

/**
 * The searches of a client's id and user name (`like`), first in the clients' list and in the
 * subscriptions' alike, so that the two forms start the same way.
 */
export function clientTextFilters(t: TranslateOf<'mqtt'>) {
  return [
    { key: 'client_id', op: 'like', kind: 'text', label: t('client.clientId'), className: 'w-40' },
    { key: 'username', op: 'like', kind: 'text', label: t('client.username'), className: 'w-40' },
  ] as const;
}
