import { formatThousands, type MqttClient } from '@vap/contracts';
import { useDateTime, useT } from '@vap/kernel';
import { Button, Descriptions, Drawer, RelativeTime } from '@vap/ui';
import { protocolLabel, yesNo } from '../common/labels.js';

interface ClientDrawerProps {
  client: MqttClient;
  onClose: () => void;
  /** Disconnects the client; absent where the role lacks the `kick` button. */
  onKick?: (client: MqttClient) => void;
}

/** One client's connection as the broker holds it (issue 15, the EMQX client detail). */
export function ClientDrawer({ client, onClose, onKick }: ClientDrawerProps) {
  const t = useT('mqtt');
  const dateTime = useDateTime();
  const owner =
    client.kind === 'device'
      ? { label: t('client.deviceId'), value: client.device_id ?? '—' }
      : { label: t('client.userId'), value: client.user_id ?? '—' };
  return (
    <Drawer
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width={480}
      title={t('clients.detail', { id: client.client_id })}
      footer={
        onKick ? (
          <Button variant="danger" onClick={() => onKick(client)}>
            {t('clients.kick')}
          </Button>
        ) : null
      }
    >
      <Descriptions
        columns={1}
        bordered
        items={[
          {
            label: t('client.clientId'),
            value: <span className="break-all font-mono">{client.client_id}</span>,
          },
          { label: t('client.username'), value: client.username },
          { label: t('client.kind'), value: t(`kind.${client.kind}`) },
          ...(client.auth ? [{ label: t('client.auth'), value: t(`auth.${client.auth}`) }] : []),
          owner,
          {
            label: t('client.connectedAt'),
            value: (
              <>
                {dateTime(client.connected_at)} (<RelativeTime value={client.connected_at} />)
              </>
            ),
          },
          { label: t('client.ip'), value: client.ip },
          { label: t('client.transport'), value: t(`transport.${client.transport}`) },
          { label: t('client.protocol'), value: protocolLabel(t, client.protocol_level) },
          { label: t('client.keepalive'), value: t('client.seconds', { count: client.keepalive }) },
          { label: t('client.cleanStart'), value: yesNo(t, client.clean_start) },
          { label: t('client.subscriptions'), value: formatThousands(client.subscriptions) },
          { label: t('client.messagesIn'), value: formatThousands(client.messages_in) },
          { label: t('client.messagesOut'), value: formatThousands(client.messages_out) },
          { label: t('client.node'), value: client.node },
        ]}
      />
    </Drawer>
  );
}
