import {
  type FilterOf,
  MQTT_CLIENT_FILTERS,
  MQTT_PROTOCOL_LEVELS,
  MQTT_TRANSPORTS,
  type MqttClientKind,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { DateRangePicker, type DateRangeValue, FilterForm, Input, Select, wholeDays } from '@vap/ui';
import { protocolLabel } from '../common/labels.js';

/** A filter of the client list, typed by the contracts' MQTT_CLIENT_FILTERS. */
export type ClientWhere = FilterOf<typeof MQTT_CLIENT_FILTERS>;

export interface ClientFilterValues {
  clientId: string;
  username: string;
  ip: string;
  /** '' for any transport. */
  transport: string;
  /** '' for any protocol level. */
  protocolLevel: string;
  connected: DateRangeValue | null;
}

export const NO_CLIENT_FILTERS: ClientFilterValues = {
  clientId: '',
  username: '',
  ip: '',
  transport: '',
  protocolLevel: '',
  connected: null,
};

// The text filters' longest value, as the contracts' schema allows it.
const TEXT_MAX = MQTT_CLIENT_FILTERS.client_id.like.maxLength ?? undefined;

/**
 * The `{k, o, v}` list of a client list: the page's kind first (device or user clients), then the
 * searches — texts as `like`, transport and protocol level as `=`, the connection days as `between`.
 */
export function clientWheres(kind: MqttClientKind, values: ClientFilterValues): ClientWhere[] {
  const wheres: ClientWhere[] = [{ k: 'kind', o: '=', v: kind }];
  const text = (k: 'client_id' | 'username' | 'ip', value: string) => {
    const trimmed = value.trim();
    if (trimmed) wheres.push({ k, o: 'like', v: trimmed });
  };
  text('client_id', values.clientId);
  text('username', values.username);
  text('ip', values.ip);
  if (values.transport !== '') wheres.push({ k: 'transport', o: '=', v: values.transport });
  if (values.protocolLevel !== '')
    wheres.push({ k: 'protocol_level', o: '=', v: Number(values.protocolLevel) });
  // Whole days of local time.
  if (values.connected) wheres.push({ k: 'connected_at', o: 'between', v: wholeDays(values.connected) });
  return wheres;
}

type TextFilter = 'clientId' | 'username' | 'ip';

/** The client list's searches, applied on Search (or Enter); Reset clears them. */
export function ClientFilters({ onChange }: { onChange: (values: ClientFilterValues) => void }) {
  const t = useT('mqtt');
  return (
    <FilterForm label={t('clients.filters')} empty={NO_CLIENT_FILTERS} onChange={onChange}>
      {(values, set) => {
        const text = (key: TextFilter, label: string) => (
          <Input
            type="search"
            aria-label={label}
            placeholder={label}
            value={values[key]}
            maxLength={TEXT_MAX}
            onChange={(event) => set({ [key]: event.target.value })}
            className="w-40"
          />
        );
        return (
          <>
            {text('clientId', t('client.clientId'))}
            {text('username', t('client.username'))}
            {text('ip', t('client.ip'))}
            <Select
              aria-label={t('client.transport')}
              placeholder={t('clients.anyTransport')}
              options={MQTT_TRANSPORTS.map((transport) => ({
                value: transport,
                label: t(`transport.${transport}`),
              }))}
              value={values.transport}
              onValueChange={(transport) => set({ transport })}
              clearable
              className="w-36"
            />
            <Select
              aria-label={t('client.protocol')}
              placeholder={t('clients.anyProtocol')}
              options={MQTT_PROTOCOL_LEVELS.map((level) => ({
                value: String(level),
                label: protocolLabel(t, level),
              }))}
              value={values.protocolLevel}
              onValueChange={(protocolLevel) => set({ protocolLevel })}
              clearable
              className="w-36"
            />
            <DateRangePicker
              aria-label={t('client.connectedAt')}
              value={values.connected}
              onChange={(connected) => set({ connected })}
              className="w-64"
            />
          </>
        );
      }}
    </FilterForm>
  );
}
