import {
  type FilterOf,
  MQTT_CALLS,
  MQTT_CLIENT_EXPORT_MAX_ROWS,
  type MQTT_CLIENT_FILTERS,
  type MqttClient,
  type MqttClientKind,
} from '@vap/contracts';
import { useClient, usePermission, useSession, useT } from '@vap/kernel';
import { Button, type DataTableHandle, ListPage, TableExportButton } from '@vap/ui';
import { useRef, useState } from 'react';
import { AutoRefreshSwitch, useAutoRefresh } from '../common/auto-refresh.js';
import { useClientColumns } from './client-columns.js';
import { ClientDrawer } from './client-drawer.js';
import { useClientFilters } from './client-filters.js';
import { useKick } from './use-kick.js';

/** The newest connections first. */
const NEWEST_FIRST = [{ k: 'connected_at', o: 'desc' as const }];

/**
 * The connected clients of one kind (spec §2.3 mqtt_device_client, mqtt_user_client; issue 15):
 * filtered, sorted and paged by the server, asked again every few seconds while the browser tab
 * shows it, each client's detail in a drawer, and — with the role's `kick` button — disconnecting
 * one or the selected ones after a confirmation. The device clients page exports what its filter
 * matches, in its order, as .xlsx with the role's `export` button (GET clients/export: the server
 * writes the file, and refuses more than MQTT_CLIENT_EXPORT_MAX_ROWS, spec §8).
 */
export function ClientsPage({ kind }: { kind: MqttClientKind }) {
  const t = useT('mqtt');
  const mqtt = useClient(MQTT_CALLS);
  const { user } = useSession();
  const mayKick = usePermission('kick');
  // Only the device clients page has an export (the user clients' kind is no one's to export).
  const exportGranted = usePermission('export');
  const mayExport = kind === 'device' && exportGranted;
  const table = useRef<DataTableHandle>(null);
  const filters = useClientFilters();
  // The page's kind (device or user clients) first, then the searches.
  const wheres: FilterOf<typeof MQTT_CLIENT_FILTERS>[] = [{ k: 'kind', o: '=', v: kind }, ...filters.wheres];
  const [detail, setDetail] = useState<MqttClient | null>(null);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const reload = () => table.current?.reload();
  useAutoRefresh(() => table.current?.refresh(), autoRefresh);
  const kick = useKick(reload);

  const columns = useClientColumns(kind, {
    open: setDetail,
    kick: mayKick && ((client) => void kick([client])),
  });

  return (
    <ListPage
      title={t(kind === 'device' ? 'clients.deviceTitle' : 'clients.userTitle')}
      description={t(kind === 'device' ? 'clients.deviceDescription' : 'clients.userDescription')}
      filterBy={{ label: t('clients.filters'), filters }}
      // The column choice is remembered per user (the table's id names its storage key).
      id={`mqtt-${kind}-clients-${user?.id ?? 0}`}
      ref={table}
      columns={columns}
      rowKey={(row) => row.client_id}
      filters={wheres}
      initialQuery={{ orders: NEWEST_FIRST }}
      // The table shows a failure in place; asked every few seconds, it is not announced too.
      load={(query, signal) => mqtt.clients({ query }, { signal, quiet: true })}
      emptyText={t('clients.empty')}
      selectable={mayKick}
      bulkActions={(rows, clearSelection) => (
        <Button size="small" variant="danger" onClick={() => void kick(rows, clearSelection)}>
          {t('clients.kickSelected', { count: rows.length })}
        </Button>
      )}
      toolbar={
        <>
          <AutoRefreshSwitch checked={autoRefresh} onCheckedChange={setAutoRefresh} />
          <Button onClick={reload}>{t('common.refresh')}</Button>
          {mayExport ? (
            <TableExportButton
              table={table}
              wheres={wheres}
              orders={NEWEST_FIRST}
              max={MQTT_CLIENT_EXPORT_MAX_ROWS}
              file={t('clients.exportFile')}
              exportList={(query) => mqtt.exportDeviceClients({ query })}
            />
          ) : null}
        </>
      }
    >
      {detail ? (
        <ClientDrawer
          client={detail}
          onClose={() => setDetail(null)}
          {...(mayKick
            ? {
                onKick: (client: MqttClient) =>
                  void kick([client]).then((kicked) => kicked && setDetail(null)),
              }
            : {})}
        />
      ) : null}
    </ListPage>
  );
}
