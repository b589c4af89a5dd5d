import { MQTT_TOPIC_MAX_LENGTH, MQTT_TOPIC_ROOT } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Card, Field, Input, message, Select, Tag } from '@vap/ui';
import { type FormEvent, useState } from 'react';
import { QOS_LEVELS, type Qos } from '../common/qos.js';
import { filterProblem, type TopicProblem } from './checks.js';
import type { DebugClient, DebugState, DebugSubscription } from './debug-client.js';
import { useProblemText } from './problem-text.js';

interface SubscribePanelProps {
  client: DebugClient;
  state: DebugState;
  /** The role's `subscribe` button. */
  maySubscribe: boolean;
}

function SubscriptionTag({ subscription }: { subscription: DebugSubscription }) {
  const t = useT('mqtt');
  if (subscription.state === 'pending') return <Tag>{t('debug.subscriptionState.pending')}</Tag>;
  if (subscription.state === 'refused')
    return <Tag tone="danger">{t('debug.subscriptionState.refused')}</Tag>;
  return (
    <Tag tone="success">
      {t('debug.subscriptionState.granted', { qos: subscription.granted ?? subscription.qos })}
    </Tag>
  );
}

/** Subscribing to topic filters, and the filters subscribed to with what the broker granted. */
export function SubscribePanel({ client, state, maySubscribe }: SubscribePanelProps) {
  const t = useT('mqtt');
  const problemText = useProblemText();
  const [topic, setTopic] = useState('');
  const [qos, setQos] = useState<Qos>(0);
  const [problem, setProblem] = useState<TopicProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const connected = state.status === 'connected';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filter = topic.trim();
    const found = filterProblem(filter);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await client.subscribe(filter, qos);
      setTopic('');
    } catch (error) {
      message.error(t('debug.subscribeFailed', { reason: error instanceof Error ? error.message : '' }));
    } finally {
      setBusy(false);
    }
  };

  const unsubscribe = async (filter: string) => {
    try {
      await client.unsubscribe(filter);
    } catch (error) {
      message.error(t('debug.unsubscribeFailed', { reason: error instanceof Error ? error.message : '' }));
    }
  };

  return (
    <Card title={t('debug.subscriptions')}>
      <div className="flex flex-col gap-3">
        {maySubscribe ? (
          <form
            aria-label={t('debug.subscribeForm')}
            className="flex flex-wrap items-start gap-3"
            onSubmit={(event) => void submit(event)}
          >
            <Field label={t('debug.filter')} error={problemText(problem)} className="min-w-60 flex-1">
              <Input
                value={topic}
                maxLength={MQTT_TOPIC_MAX_LENGTH}
                placeholder={t('debug.filterPlaceholder', { root: MQTT_TOPIC_ROOT })}
                onChange={(event) => setTopic(event.target.value)}
                className="font-mono"
              />
            </Field>
            <Field label={t('debug.qos')} className="w-28">
              <Select
                options={QOS_LEVELS.map((level) => ({
                  value: String(level),
                  label: t('common.qos', { qos: level }),
                }))}
                value={String(qos)}
                onValueChange={(value) => setQos(Number(value) as Qos)}
              />
            </Field>
            <Button type="submit" variant="primary" className="mt-6" disabled={!connected} loading={busy}>
              {t('debug.subscribe')}
            </Button>
          </form>
        ) : null}
        <p className="text-sm text-ink-soft">{t('debug.subscribeHelp', { root: MQTT_TOPIC_ROOT })}</p>
        {state.subscriptions.length === 0 ? (
          <p className="text-sm text-ink-faint">{t('debug.noSubscriptions')}</p>
        ) : (
          <ul aria-label={t('debug.subscriptions')} className="flex flex-col divide-y divide-line-soft">
            {state.subscriptions.map((subscription) => (
              <li key={subscription.topic} className="flex flex-wrap items-center gap-3 py-2">
                <span className="min-w-0 flex-1 break-all font-mono text-sm">{subscription.topic}</span>
                <SubscriptionTag subscription={subscription} />
                {maySubscribe ? (
                  <Button
                    size="small"
                    aria-label={t('debug.unsubscribeTopic', { topic: subscription.topic })}
                    disabled={!connected && subscription.state !== 'refused'}
                    onClick={() => void unsubscribe(subscription.topic)}
                  >
                    {t('debug.unsubscribe')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
