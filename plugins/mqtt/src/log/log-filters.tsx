import {
  type FilterOf,
  MQTT_CLIENT_KINDS,
  MQTT_DIRECTIONS,
  MQTT_LOG_EVENTS,
  type MQTT_LOG_FILTERS,
  MQTT_SERIES_KEPT_DAYS,
  MQTT_TOPIC_MAX_LENGTH,
  type MqttLogKind,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FilterForm, Input, Select } from '@vap/ui';
import { QOS_LEVELS } from '../common/qos.js';
import { customRangeProblem, RANGE_CHOICES, type RangeChoice } from './log-range.js';

/** A filter of a log, typed by the contracts' MQTT_LOG_FILTERS. */
export type LogWhere = FilterOf<typeof MQTT_LOG_FILTERS>;
type LogKey = keyof typeof MQTT_LOG_FILTERS;
type Event = (typeof MQTT_LOG_EVENTS)[number];

/** Which filters each log offers: the fields its entries have. */
export const LOG_FILTER_KEYS: Record<MqttLogKind, readonly LogKey[]> = {
  message: ['client_id', 'username', 'topic', 'kind', 'direction', 'qos'],
  subscribe: ['client_id', 'username', 'topic', 'kind', 'event', 'qos'],
  device_state: ['client_id', 'username', 'ip', 'event'],
  user_state: ['client_id', 'username', 'ip', 'event'],
};

/** The events a log records (MQTT_LOG_EVENTS, by the log they belong to). */
export const LOG_EVENTS: Record<MqttLogKind, readonly Event[]> = {
  message: [],
  subscribe: MQTT_LOG_EVENTS.filter((event) => event === 'subscribe' || event === 'unsubscribe'),
  device_state: MQTT_LOG_EVENTS.filter((event) => event === 'connect' || event === 'disconnect'),
  user_state: MQTT_LOG_EVENTS.filter((event) => event === 'connect' || event === 'disconnect'),
};

/** A message's directions, as the contracts' filter takes them. */
const DIRECTIONS = MQTT_DIRECTIONS;

export interface LogFilterValues {
  range: RangeChoice;
  /** `datetime-local` values, for a custom range. */
  from: string;
  to: string;
  client_id: string;
  username: string;
  topic: string;
  ip: string;
  /** '' for any. */
  kind: string;
  event: string;
  direction: string;
  qos: string;
}

export const NO_LOG_FILTERS: LogFilterValues = {
  range: '1h',
  from: '',
  to: '',
  client_id: '',
  username: '',
  topic: '',
  ip: '',
  kind: '',
  event: '',
  direction: '',
  qos: '',
};

type TextKey = 'client_id' | 'username' | 'topic' | 'ip';
const TEXT_KEYS: readonly TextKey[] = ['client_id', 'username', 'topic', 'ip'];
const isText = (key: LogKey): key is TextKey => (TEXT_KEYS as readonly string[]).includes(key);

/** The `{k, o, v}` list of one log: its own fields only; texts as `like`, the rest as `=`. */
export function logWheres(kind: MqttLogKind, values: LogFilterValues): LogWhere[] {
  const wheres: LogWhere[] = [];
  for (const key of LOG_FILTER_KEYS[kind]) {
    const value = values[key].trim();
    if (value === '') continue;
    if (isText(key)) wheres.push({ k: key, o: 'like', v: value });
    else wheres.push({ k: key, o: '=', v: key === 'qos' ? Number(value) : value });
  }
  return wheres;
}

const TEXT_MAX = MQTT_TOPIC_MAX_LENGTH;

/** One log's time range and searches, applied on Search (or Enter); Reset goes back to the last hour. */
export function LogFilters({
  kind,
  onChange,
}: {
  kind: MqttLogKind;
  onChange: (values: LogFilterValues) => void;
}) {
  const t = useT('mqtt');
  const keys = LOG_FILTER_KEYS[kind];
  const rangeProblem = (values: LogFilterValues) =>
    values.range === 'custom' ? customRangeProblem(values.from, values.to) : null;
  return (
    <FilterForm
      label={t('log.filters')}
      empty={NO_LOG_FILTERS}
      onChange={onChange}
      valid={(values) => rangeProblem(values) === null}
    >
      {(values, set) => {
        const problem = rangeProblem(values);
        const select = (
          key: 'kind' | 'event' | 'direction' | 'qos',
          options: { value: string; label: string }[],
        ) => (
          <Select
            aria-label={t(`log.fields.${key}`)}
            placeholder={t(`log.any.${key}`)}
            options={options}
            value={values[key]}
            onValueChange={(value) => set({ [key]: value })}
            clearable
            className="w-36"
          />
        );
        return (
          <>
            <Select
              aria-label={t('log.range')}
              options={RANGE_CHOICES.map((choice) => ({
                value: choice,
                label: t(`log.ranges.${choice}`, { days: MQTT_SERIES_KEPT_DAYS }),
              }))}
              value={values.range}
              onValueChange={(range) => set({ range: range as RangeChoice })}
              className="w-40"
            />
            {values.range === 'custom' ? (
              <>
                <Input
                  type="datetime-local"
                  aria-label={t('log.from')}
                  value={values.from}
                  onChange={(event) => set({ from: event.target.value })}
                  className="w-52"
                />
                <Input
                  type="datetime-local"
                  aria-label={t('log.to')}
                  value={values.to}
                  onChange={(event) => set({ to: event.target.value })}
                  className="w-52"
                />
                {problem ? (
                  <p role="alert" className="basis-full text-sm text-danger">
                    {t(`log.rangeProblems.${problem}`, { days: MQTT_SERIES_KEPT_DAYS })}
                  </p>
                ) : null}
              </>
            ) : null}
            {keys.filter(isText).map((key) => (
              <Input
                key={key}
                type="search"
                aria-label={t(`log.fields.${key}`)}
                placeholder={t(`log.fields.${key}`)}
                value={values[key]}
                maxLength={TEXT_MAX}
                onChange={(event) => set({ [key]: event.target.value })}
                className="w-40"
              />
            ))}
            {keys.includes('kind')
              ? select(
                  'kind',
                  MQTT_CLIENT_KINDS.map((value) => ({ value, label: t(`kind.${value}`) })),
                )
              : null}
            {keys.includes('event')
              ? select(
                  'event',
                  LOG_EVENTS[kind].map((value) => ({ value, label: t(`log.events.${value}`) })),
                )
              : null}
            {keys.includes('direction')
              ? select(
                  'direction',
                  DIRECTIONS.map((value) => ({ value, label: t(`log.directions.${value}`) })),
                )
              : null}
            {keys.includes('qos')
              ? select(
                  'qos',
                  QOS_LEVELS.map((qos) => ({ value: String(qos), label: t('common.qos', { qos }) })),
                )
              : null}
          </>
        );
      }}
    </FilterForm>
  );
}
