import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MQTT_CALLS, MQTT_SUBSCRIPTION_ORDER_KEYS, type MqttSubscription } from '@vap/contracts';
import { useClient, useSession, useT } from '@vap/kernel';
import { Button, type Column, type DataTableHandle, ListPage, Tag } from '@vap/ui';
import { useRef, useState } from 'react';
import { AutoRefreshSwitch, useAutoRefresh } from '../common/auto-refresh.js';
import { listParams } from '../common/list-params.js';
import { useSubscriptionFilters } from '../subscriptions/subscription-filters.js';

const COUNT_KEY = ['mqtt', 'subscriptions', 'count'] as const;

/**
 * The subscriptions of the company's connected clients (spec §2.3 mqtt_user_subs; issue 15):
 * filtered, sorted and paged by the server, with how many match (GET subscriptions/count), asked
 * again every few seconds while the browser tab shows the page. A subscription is its client's
 * own, made and ended over MQTT: the page only lists them (migration 0029 took the subscribe and
 * delete buttons out of the menu).
 */
export default function UserSubscriptionsPage() {
  const t = useT('mqtt');
  const mqtt = useClient(MQTT_CALLS);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const table = useRef<DataTableHandle>(null);
  const filters = useSubscriptionFilters();
  const [autoRefresh, setAutoRefresh] = useState(true);
  const wheres = filters.wheres;
  const count = useQuery({
    queryKey: [...COUNT_KEY, wheres],
    // Shown in place, and asked every few seconds: not announced.
    queryFn: async ({ signal }) =>
      (await mqtt.subscriptionCount({ query: listParams(wheres) }, { signal, quiet: true })).count,
  });
  const reload = () => {
    table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: COUNT_KEY });
  };
  // The poll is quiet: the rows stay until the new ones come.
  useAutoRefresh(() => {
    table.current?.refresh();
    void queryClient.invalidateQueries({ queryKey: COUNT_KEY });
  }, autoRefresh);
  const countText = () => {
    if (count.data !== undefined) return t('subs.count', { count: count.data });
    return count.isError ? t('subs.countFailed') : t('subs.counting');
  };

  const sortable = (key: keyof MqttSubscription) =>
    (MQTT_SUBSCRIPTION_ORDER_KEYS as readonly string[]).includes(key);
  const columns: Column<MqttSubscription>[] = [
    {
      key: 'client_id',
      title: t('client.clientId'),
      kind: 'id',
      sortable: sortable('client_id'),
      hideable: false,
    },
    { key: 'username', title: t('client.username'), kind: 'id' },
    {
      key: 'kind',
      title: t('client.kind'),
      kind: 'state',
      render: (row) => <Tag>{t(`kind.${row.kind}`)}</Tag>,
    },
    {
      key: 'topic',
      title: t('subs.topic'),
      sortable: sortable('topic'),
      render: (row) => <span className="break-all font-mono">{row.topic}</span>,
    },
    {
      key: 'qos',
      title: t('subs.qos'),
      kind: 'state',
      sortable: sortable('qos'),
      render: (row) => t('common.qos', { qos: row.qos }),
    },
    { key: 'node', title: t('client.node'), kind: 'id', defaultHidden: true },
  ];

  return (
    <ListPage
      title={t('subs.title')}
      description={<span role="status">{countText()}</span>}
      filterBy={{ label: t('subs.filters'), filters }}
      id={`mqtt-subscriptions-${user?.id ?? 0}`}
      ref={table}
      columns={columns}
      rowKey={(row) => `${row.client_id}\n${row.topic}`}
      load={(query, signal) => mqtt.subscriptions({ query }, { signal, quiet: true })}
      emptyText={t('subs.empty')}
      toolbar={
        <>
          <AutoRefreshSwitch checked={autoRefresh} onCheckedChange={setAutoRefresh} />
          <Button onClick={reload}>{t('common.refresh')}</Button>
        </>
      }
    />
  );
}
