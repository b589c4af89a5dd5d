import { usePermission, useT } from '@vap/kernel';
import { ConnectionPanel } from '../debug/connection-panel.js';
import { MessageLog } from '../debug/message-log.js';
import { PublishPanel } from '../debug/publish-panel.js';
import { SubscribePanel } from '../debug/subscribe-panel.js';
import { useDebugClient } from '../debug/use-debug-client.js';

/**
 * The debug tool (spec §2.3 mqtt_debug_tool, state kept; issue 15): an MQTT client in the browser
 * over WebSocket, connecting as the signed-in user with credentials the server issues, limited to
 * their company's devices. Its connection, subscriptions and log outlive the page (DebugToolRef).
 * The role's `subscribe` and `send` buttons show their panels; the broker enforces them as well, on
 * the connection itself (a refused subscription or publication is shown as the broker's refusal).
 */
export default function DebugToolPage() {
  const t = useT('mqtt');
  const mayConnect = usePermission('connect');
  const maySubscribe = usePermission('subscribe');
  const maySend = usePermission('send');
  const [client, state] = useDebugClient();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-ink">{t('debug.title')}</h1>
        <p className="text-sm text-ink-soft">{t('debug.description')}</p>
      </div>
      <ConnectionPanel client={client} state={state} mayConnect={mayConnect} />
      <div className="grid gap-4 xl:grid-cols-2">
        <SubscribePanel client={client} state={state} maySubscribe={maySubscribe} />
        {maySend ? <PublishPanel client={client} state={state} /> : null}
      </div>
      <MessageLog client={client} state={state} />
    </div>
  );
}
