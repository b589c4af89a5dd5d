import { useT } from '@vap/kernel';
import { Alert, Button, Card, Dot, type DotTone } from '@vap/ui';
import type { ConnectionFault, ConnectionStatus, DebugClient, DebugState } from './debug-client.js';

const TONES: Record<ConnectionStatus, DotTone> = {
  idle: 'default',
  connecting: 'primary',
  connected: 'success',
  reconnecting: 'warning',
  disconnected: 'default',
};

/** The CONNACK return codes of MQTT 3.1.1 §3.2.2.3 the tool explains in the user's language. */
const REFUSALS = [1, 2, 3, 4, 5] as const;
type Refusal = (typeof REFUSALS)[number];
const isKnownRefusal = (code: number | null): code is Refusal => REFUSALS.includes(code as Refusal);

interface ConnectionPanelProps {
  client: DebugClient;
  state: DebugState;
  /** The role's `connect` button. */
  mayConnect: boolean;
}

/** The connection: its state, who it is, why it failed, and Connect / Disconnect. */
export function ConnectionPanel({ client, state, mayConnect }: ConnectionPanelProps) {
  const t = useT('mqtt');
  const { status, identity, fault } = state;
  const active = status === 'connecting' || status === 'connected' || status === 'reconnecting';
  const reason = (problem: ConnectionFault) =>
    isKnownRefusal(problem.code) ? t(`debug.refused.${problem.code}`) : problem.message;
  let action = null;
  if (active) action = <Button onClick={() => client.disconnect()}>{t('debug.disconnect')}</Button>;
  else if (mayConnect) {
    action = (
      <Button variant="primary" onClick={() => void client.connect()}>
        {t('debug.connect')}
      </Button>
    );
  }
  return (
    <Card title={t('debug.connection')} extra={action}>
      <div className="flex flex-col gap-3">
        <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <Dot tone={TONES[status]} label={t(`debug.status.${status}`)} showLabel />
          {identity ? (
            <span className="text-sm text-ink-soft">
              {t('debug.identity', { clientId: identity.clientId, username: identity.username })}
            </span>
          ) : null}
        </div>
        {fault ? <Alert tone="error">{t('debug.fault', { reason: reason(fault) })}</Alert> : null}
        {mayConnect ? null : <Alert tone="warning">{t('debug.noConnect')}</Alert>}
      </div>
    </Card>
  );
}
