import { MQTT_CLIENT_KINDS, MQTT_SUBSCRIPTION_FILTERS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';
import { QOS_LEVELS } from '../common/qos.js';

/** The subscriptions' searches: texts as `like`, kind and QoS as `=`, applied on Search (or Enter). */
export function useSubscriptionFilters() {
  const t = useT('mqtt');
  return useFilters(MQTT_SUBSCRIPTION_FILTERS, [
    { key: 'client_id', op: 'like', kind: 'text', label: t('client.clientId'), className: 'w-40' },
    { key: 'username', op: 'like', kind: 'text', label: t('client.username'), className: 'w-40' },
    { key: 'topic', op: 'like', kind: 'text', label: t('subs.topic'), className: 'w-56' },
    {
      key: 'kind',
      op: '=',
      kind: 'select',
      label: t('client.kind'),
      placeholder: t('subs.anyKind'),
      options: MQTT_CLIENT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
      className: 'w-32',
    },
    {
      key: 'qos',
      op: '=',
      kind: 'select',
      label: t('subs.qos'),
      placeholder: t('subs.anyQos'),
      options: QOS_LEVELS.map((qos) => ({ value: String(qos), label: t('common.qos', { qos }) })),
      className: 'w-28',
    },
  ]);
}
