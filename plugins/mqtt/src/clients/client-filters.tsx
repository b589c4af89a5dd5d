import { MQTT_CLIENT_FILTERS, MQTT_PROTOCOL_LEVELS, MQTT_TRANSPORTS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';
import { protocolLabel } from '../common/labels.js';

/** The client list's searches: texts as `like`, transport and protocol level as `=`, the connection days. */
export function useClientFilters() {
  const t = useT('mqtt');
  return useFilters(MQTT_CLIENT_FILTERS, [
    { key: 'client_id', op: 'like', kind: 'text', label: t('client.clientId'), className: 'w-40' },
    { key: 'username', op: 'like', kind: 'text', label: t('client.username'), className: 'w-40' },
    { key: 'ip', op: 'like', kind: 'text', label: t('client.ip'), className: 'w-40' },
    {
      key: 'transport',
      op: '=',
      kind: 'select',
      label: t('client.transport'),
      placeholder: t('clients.anyTransport'),
      options: MQTT_TRANSPORTS.map((transport) => ({ value: transport, label: t(`transport.${transport}`) })),
      className: 'w-36',
    },
    {
      key: 'protocol_level',
      op: '=',
      kind: 'select',
      label: t('client.protocol'),
      placeholder: t('clients.anyProtocol'),
      options: MQTT_PROTOCOL_LEVELS.map((level) => ({
        value: String(level),
        label: protocolLabel(t, level),
      })),
      className: 'w-36',
    },
    { key: 'connected_at', op: 'between', kind: 'days', label: t('client.connectedAt'), className: 'w-64' },
  ]);
}
