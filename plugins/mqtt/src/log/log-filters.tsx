import {
  MQTT_CLIENT_KINDS,
  MQTT_DIRECTIONS,
  MQTT_LOG_EVENTS,
  MQTT_LOG_FILTERS,
  MQTT_SERIES_KEPT_DAYS,
  type MqttLogKind,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { type FilterField, type FilterOption, Input, Select, useFilters } from '@vap/ui';
import { useState } from 'react';
import { QOS_LEVELS } from '../common/qos.js';
import {
  customRangeProblem,
  type LogRange,
  RANGE_CHOICES,
  type RangeChoice,
  type RangeProblem,
  resolveRange,
} from './log-range.js';

type LogKey = keyof typeof MQTT_LOG_FILTERS;
type Event = (typeof MQTT_LOG_EVENTS)[number];
type LogField = FilterField<typeof MQTT_LOG_FILTERS>;

/** Which filters each log offers: the fields its entries have, searches first. */
const LOG_FILTER_KEYS: Record<MqttLogKind, readonly LogKey[]> = {
  message: ['client_id', 'username', 'topic', 'kind', 'direction', 'qos'],
  subscribe: ['client_id', 'username', 'topic', 'kind', 'event', 'qos'],
  device_state: ['client_id', 'username', 'ip', 'event'],
  user_state: ['client_id', 'username', 'ip', 'event'],
};

/** The events a log records (MQTT_LOG_EVENTS, by the log they belong to). */
const LOG_EVENTS: Record<MqttLogKind, readonly Event[]> = {
  message: [],
  subscribe: MQTT_LOG_EVENTS.filter((event) => event === 'subscribe' || event === 'unsubscribe'),
  device_state: MQTT_LOG_EVENTS.filter((event) => event === 'connect' || event === 'disconnect'),
  user_state: MQTT_LOG_EVENTS.filter((event) => event === 'connect' || event === 'disconnect'),
};

type ChoiceKey = 'kind' | 'event' | 'direction' | 'qos';
const isChoice = (key: LogKey): key is ChoiceKey => ['kind', 'event', 'direction', 'qos'].includes(key);

/** One log's searches: its own fields only, texts as `like` and choices as `=`. */
export function useLogFilters(kind: MqttLogKind) {
  const t = useT('mqtt');
  const options: Record<ChoiceKey, FilterOption[]> = {
    kind: MQTT_CLIENT_KINDS.map((value) => ({ value, label: t(`kind.${value}`) })),
    event: LOG_EVENTS[kind].map((value) => ({ value, label: t(`log.events.${value}`) })),
    direction: MQTT_DIRECTIONS.map((value) => ({ value, label: t(`log.directions.${value}`) })),
    qos: QOS_LEVELS.map((qos) => ({ value: String(qos), label: t('common.qos', { qos }) })),
  };
  const fieldOf = (key: LogKey): LogField =>
    isChoice(key)
      ? {
          key,
          op: '=',
          kind: 'select',
          label: t(`log.fields.${key}`),
          placeholder: t(`log.any.${key}`),
          options: options[key],
          className: 'w-36',
        }
      : { key, op: 'like', kind: 'text', label: t(`log.fields.${key}`), className: 'w-40' };
  return useFilters(MQTT_LOG_FILTERS, LOG_FILTER_KEYS[kind].map(fieldOf));
}

/** A log's time range as chosen: a span ending now, or two `datetime-local` values. */
interface RangeDraft {
  range: RangeChoice;
  from: string;
  to: string;
}
const LAST_HOUR: RangeDraft = { range: '1h', from: '', to: '' };
const resolve = (draft: RangeDraft) => resolveRange(draft.range, draft.from, draft.to, Date.now());

/**
 * A log's time range, asked with its searches: the one being chosen, why it cannot be asked, and
 * the one asked — resolved on Search, so "the last hour" is the hour before Search was pressed.
 */
export function useLogRange() {
  const [draft, setDraft] = useState(LAST_HOUR);
  const [asked, setAsked] = useState<LogRange>(() => resolve(LAST_HOUR));
  return {
    draft,
    setDraft,
    problem: draft.range === 'custom' ? customRangeProblem(draft.from, draft.to) : null,
    asked,
    search: () => setAsked(resolve(draft)),
    reset: () => {
      setDraft(LAST_HOUR);
      setAsked(resolve(LAST_HOUR));
    },
  };
}

interface LogRangeFieldsProps {
  draft: RangeDraft;
  setDraft: (draft: RangeDraft) => void;
  problem: RangeProblem | null;
}

/** The range's choice, and for a custom one its two instants and why they cannot be asked. */
export function LogRangeFields({ draft, setDraft, problem }: LogRangeFieldsProps) {
  const t = useT('mqtt');
  return (
    <>
      <Select
        aria-label={t('log.range')}
        options={RANGE_CHOICES.map((choice) => ({
          value: choice,
          label: t(`log.ranges.${choice}`, { days: MQTT_SERIES_KEPT_DAYS }),
        }))}
        value={draft.range}
        onValueChange={(range) => setDraft({ ...draft, range: range as RangeChoice })}
        className="w-40"
      />
      {draft.range === 'custom' ? (
        <>
          <Input
            type="datetime-local"
            aria-label={t('log.from')}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            className="w-52"
          />
          <Input
            type="datetime-local"
            aria-label={t('log.to')}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            className="w-52"
          />
          {problem ? (
            <p role="alert" className="basis-full text-sm text-danger">
              {t(`log.rangeProblems.${problem}`, { days: MQTT_SERIES_KEPT_DAYS })}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
