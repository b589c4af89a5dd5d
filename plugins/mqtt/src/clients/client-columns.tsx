import { MQTT_CLIENT_ORDER_KEYS, type MqttClient, type MqttClientKind } from '@vap/contracts';
import { useDateTime, useT } from '@vap/kernel';
import { Button, type Column, RowActions, Tag } from '@vap/ui';
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
  const dateTime = useDateTime();
  const sortable = (key: keyof MqttClient) => (MQTT_CLIENT_ORDER_KEYS as readonly string[]).includes(key);
  const columns: Column<MqttClient>[] = [
    {
      key: 'client_id',
      title: t('client.clientId'),
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
    { key: 'username', title: t('client.username'), sortable: sortable('username') },
    { key: 'ip', title: t('client.ip'), sortable: sortable('ip') },
    {
      key: 'transport',
      title: t('client.transport'),
      render: (row) => <Tag>{t(`transport.${row.transport}`)}</Tag>,
    },
    {
      key: 'protocol_level',
      title: t('client.protocol'),
      render: (row) => protocolLabel(t, row.protocol_level),
    },
    {
      key: 'connected_at',
      title: t('client.connectedAt'),
      sortable: sortable('connected_at'),
      width: 180,
      render: (row) => dateTime(row.connected_at),
    },
    { key: 'subscriptions', title: t('client.subscriptions'), align: 'right' },
    { key: 'messages_in', title: t('client.messagesIn'), align: 'right', defaultHidden: true },
    { key: 'messages_out', title: t('client.messagesOut'), align: 'right', defaultHidden: true },
    { key: 'keepalive', title: t('client.keepalive'), align: 'right', defaultHidden: true },
    { key: 'node', title: t('client.node'), defaultHidden: true },
  ];
  // A user client connects with an access key or the debug tool's token; a device with its secret.
  if (kind === 'user') {
    columns.splice(2, 0, {
      key: 'auth',
      title: t('client.auth'),
      render: (row) => (row.auth ? t(`auth.${row.auth}`) : '—'),
    });
  }
  const { kick } = actions;
  if (kick) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      hideable: false,
      width: 120,
      render: (row) => (
        <RowActions actions={[{ label: t('clients.kick'), onClick: () => kick(row), danger: true }]} />
      ),
    });
  }
  return columns;
}
