import { type FilterOf, MQTT_CLIENT_KINDS, MQTT_SUBSCRIPTION_FILTERS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FilterForm, Input, Select } from '@vap/ui';
import { QOS_LEVELS } from '../common/qos.js';

/** A filter of the subscription list, typed by the contracts' MQTT_SUBSCRIPTION_FILTERS. */
export type SubscriptionWhere = FilterOf<typeof MQTT_SUBSCRIPTION_FILTERS>;

export interface SubscriptionFilterValues {
  clientId: string;
  username: string;
  topic: string;
  /** '' for either kind. */
  kind: string;
  /** '' for any QoS. */
  qos: string;
}

export const NO_SUBSCRIPTION_FILTERS: SubscriptionFilterValues = {
  clientId: '',
  username: '',
  topic: '',
  kind: '',
  qos: '',
};

/** The `{k, o, v}` list of the subscriptions: texts as `like`, kind and QoS as `=`. */
export function subscriptionWheres(values: SubscriptionFilterValues): SubscriptionWhere[] {
  const wheres: SubscriptionWhere[] = [];
  const text = (k: 'client_id' | 'username' | 'topic', value: string) => {
    const trimmed = value.trim();
    if (trimmed) wheres.push({ k, o: 'like', v: trimmed });
  };
  text('client_id', values.clientId);
  text('username', values.username);
  text('topic', values.topic);
  if (values.kind !== '') wheres.push({ k: 'kind', o: '=', v: values.kind });
  if (values.qos !== '') wheres.push({ k: 'qos', o: '=', v: Number(values.qos) });
  return wheres;
}

const maxOf = (key: 'client_id' | 'topic') => MQTT_SUBSCRIPTION_FILTERS[key].like.maxLength ?? undefined;

/** The subscriptions' searches, applied on Search (or Enter); Reset clears them. */
export function SubscriptionFilters({ onChange }: { onChange: (values: SubscriptionFilterValues) => void }) {
  const t = useT('mqtt');
  return (
    <FilterForm label={t('subs.filters')} empty={NO_SUBSCRIPTION_FILTERS} onChange={onChange}>
      {(values, set) => {
        const text = (
          key: 'clientId' | 'username' | 'topic',
          label: string,
          maxLength: number | undefined,
        ) => (
          <Input
            type="search"
            aria-label={label}
            placeholder={label}
            value={values[key]}
            maxLength={maxLength}
            onChange={(event) => set({ [key]: event.target.value })}
            className={key === 'topic' ? 'w-56' : 'w-40'}
          />
        );
        return (
          <>
            {text('clientId', t('client.clientId'), maxOf('client_id'))}
            {text('username', t('client.username'), maxOf('client_id'))}
            {text('topic', t('subs.topic'), maxOf('topic'))}
            <Select
              aria-label={t('client.kind')}
              placeholder={t('subs.anyKind')}
              options={MQTT_CLIENT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
              value={values.kind}
              onValueChange={(kind) => set({ kind })}
              clearable
              className="w-32"
            />
            <Select
              aria-label={t('subs.qos')}
              placeholder={t('subs.anyQos')}
              options={QOS_LEVELS.map((qos) => ({ value: String(qos), label: t('common.qos', { qos }) }))}
              value={values.qos}
              onValueChange={(qos) => set({ qos })}
              clearable
              className="w-28"
            />
          </>
        );
      }}
    </FilterForm>
  );
}
