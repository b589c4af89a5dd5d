import { MQTT_TOPIC_MAX_LENGTH, MQTT_TOPIC_ROOT } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Card, Checkbox, Field, Input, message, RadioGroup, Select, Textarea } from '@vap/ui';
import { type FormEvent, useState } from 'react';
import { QOS_LEVELS, type Qos } from '../common/qos.js';
import { isJson, publishTopicProblem, type TopicProblem } from './checks.js';
import type { DebugClient, DebugState, PayloadFormat } from './debug-client.js';
import { useProblemText } from './problem-text.js';
import { PUBLICATION_REFUSED } from './transport.js';

const FORMATS: readonly PayloadFormat[] = ['text', 'json'];

interface PublishPanelProps {
  client: DebugClient;
  state: DebugState;
}

/**
 * Publishing a message: topic, payload as text or JSON (checked before sending), QoS and retain.
 * What is typed is the client's draft, so it outlives the page like the connection.
 */
export function PublishPanel({ client, state }: PublishPanelProps) {
  const t = useT('mqtt');
  const problemText = useProblemText();
  const { draft } = state;
  const [topicProblem, setTopicProblem] = useState<TopicProblem | null>(null);
  const [badJson, setBadJson] = useState(false);
  const [busy, setBusy] = useState(false);
  const connected = state.status === 'connected';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const topic = draft.topic.trim();
    const problem = publishTopicProblem(topic);
    const invalidJson = draft.format === 'json' && !isJson(draft.payload);
    setTopicProblem(problem);
    setBadJson(invalidJson);
    if (problem || invalidJson) return;
    setBusy(true);
    try {
      await client.publish(topic, draft.payload, draft.qos, draft.retain);
    } catch (error) {
      const refused = (error as { code?: unknown } | null)?.code === PUBLICATION_REFUSED;
      const reason = refused ? t('debug.publishRefused') : error instanceof Error ? error.message : '';
      message.error(t('debug.publishFailed', { reason }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('debug.publish')}>
      <form
        aria-label={t('debug.publishForm')}
        className="flex flex-col gap-3"
        onSubmit={(event) => void submit(event)}
      >
        <Field label={t('debug.topic')} error={problemText(topicProblem)}>
          <Input
            value={draft.topic}
            maxLength={MQTT_TOPIC_MAX_LENGTH}
            placeholder={t('debug.topicPlaceholder', { root: MQTT_TOPIC_ROOT })}
            onChange={(event) => client.setDraft({ topic: event.target.value })}
            className="font-mono"
          />
        </Field>
        <Field label={t('debug.format')}>
          <RadioGroup
            value={draft.format}
            onValueChange={(format) => {
              setBadJson(false);
              client.setDraft({ format: format as PayloadFormat });
            }}
            options={FORMATS.map((format) => ({ value: format, label: t(`debug.formats.${format}`) }))}
          />
        </Field>
        <Field label={t('debug.payload')} error={badJson ? t('debug.invalidJson') : undefined}>
          <Textarea
            value={draft.payload}
            rows={5}
            placeholder={draft.format === 'json' ? t('debug.jsonPlaceholder') : undefined}
            onChange={(event) => client.setDraft({ payload: event.target.value })}
            className="font-mono"
          />
        </Field>
        <div className="flex flex-wrap items-end gap-4">
          <Field label={t('debug.qos')} className="w-28">
            <Select
              options={QOS_LEVELS.map((level) => ({
                value: String(level),
                label: t('common.qos', { qos: level }),
              }))}
              value={String(draft.qos)}
              onValueChange={(value) => client.setDraft({ qos: Number(value) as Qos })}
            />
          </Field>
          <div className="pb-2">
            <Checkbox
              checked={draft.retain}
              onCheckedChange={(checked) => client.setDraft({ retain: checked === true })}
            >
              {t('debug.retain')}
            </Checkbox>
          </div>
          <Button type="submit" variant="primary" disabled={!connected} loading={busy} className="ml-auto">
            {t('debug.send')}
          </Button>
        </div>
        <p className="text-sm text-ink-soft">{t('debug.publishHelp', { root: MQTT_TOPIC_ROOT })}</p>
      </form>
    </Card>
  );
}
