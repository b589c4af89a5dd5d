import { MQTT_CLIENT_ORDER_KEYS, type MqttClient, type MqttClientKind } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, type Column, CompactNumber, RelativeTime, rowActionsColumn, Tag } from '@vap/ui';
import { protocolLabel } from '../common/labels.js';

export interface ClientRowActions {
  /** Opens the client's detail. */
  open: (client: MqttClient) => void;
  /** Disconnects it; `false` where the role lacks the `kick` button. */
  kick: false | ((client: MqttClient) => void);
}

/**
 * The columns of a client list (MqttClient of the contracts), sortable where the server sorts
 * (MQTT_CLIENT_ORDER_KEYS). The client id opens the detail; the rarer figures start hidden.
 */
export function useClientColumns(kind: MqttClientKind, actions: ClientRowActions): Column<MqttClient>[] {
  const t = useT('mqtt');
  const sortable = (key: keyof MqttClient) => (MQTT_CLIENT_ORDER_KEYS as readonly string[]).includes(key);
  const columns: Column<MqttClient>[] = [
    {
      key: 'client_id',
      title: t('client.clientId'),
      kind: 'id',
      sortable: sortable('client_id'),
      hideable: false,
      render: (row) => (
        <Button
          variant="link"
          size="small"
          className="h-auto px-0 font-mono"
          aria-label={t('clients.openDetail', { id: row.client_id })}
          onClick={() => actions.open(row)}
        >
          {row.client_id}
        </Button>
      ),
    },
    { key: 'username', title: t('client.username'), kind: 'id', sortable: sortable('username') },
    { key: 'ip', title: t('client.ip'), kind: 'id', sortable: sortable('ip') },
    {
      key: 'transport',
      title: t('client.transport'),
      kind: 'state',
      render: (row) => <Tag>{t(`transport.${row.transport}`)}</Tag>,
    },
    {
      key: 'protocol_level',
      title: t('client.protocol'),
      kind: 'state',
      render: (row) => protocolLabel(t, row.protocol_level),
    },
    {
      key: 'connected_at',
      title: t('client.connectedAt'),
      kind: 'date',
      sortable: sortable('connected_at'),
      // Spec §9: connected since how long, the compact date from two days on.
      render: (row) => <RelativeTime value={row.connected_at} />,
    },
    { key: 'subscriptions', title: t('client.subscriptions'), kind: 'number' },
    {
      key: 'messages_in',
      title: t('client.messagesIn'),
      kind: 'number',
      defaultHidden: true,
      render: (row) => <CompactNumber value={row.messages_in} />,
    },
    {
      key: 'messages_out',
      title: t('client.messagesOut'),
      kind: 'number',
      defaultHidden: true,
      render: (row) => <CompactNumber value={row.messages_out} />,
    },
    { key: 'keepalive', title: t('client.keepalive'), kind: 'number', defaultHidden: true },
    { key: 'node', title: t('client.node'), kind: 'id', defaultHidden: true },
  ];
  // A user client connects with an access key or the debug tool's token; a device with its secret.
  if (kind === 'user') {
    columns.splice(2, 0, {
      key: 'auth',
      title: t('client.auth'),
      kind: 'state',
      render: (row) => (row.auth ? t(`auth.${row.auth}`) : '—'),
    });
  }
  const { kick } = actions;
  if (kick) {
    columns.push(
      rowActionsColumn(t('common.actions'), (row) => [
        { label: t('clients.kick'), onClick: () => kick(row), danger: true },
      ]),
    );
  }
  return columns;
}
