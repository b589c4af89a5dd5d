import { BIND_RECORD_EXPORT_MAX_ROWS, type BindRecord, DEVICE_CALLS } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, ListPage, TableExportButton, Tag } from '@vap/ui';
import { useRef } from 'react';
import { useBindRecordFilters } from './bind-record-filters.js';

/** The newest first, as the server's default; the export follows the table's order. */
const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];

/**
 * Binding records (spec §2.3 device_bind_record): every bind, unbind, move and rename of the
 * company's devices, by whom and from where; filtered by serial, action, source and time, sorted,
 * paged and exported (.xlsx, made by the server) with the role's `export` button.
 */
export default function BindRecordsPage() {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  const filters = useBindRecordFilters();

  const columns: Column<BindRecord>[] = [
    { key: 'created_at', title: t('records.time'), kind: 'date', sortable: true },
    { key: 'sn', title: t('device.sn'), kind: 'id', sortable: true },
    {
      key: 'action',
      title: t('records.action'),
      kind: 'state',
      sortable: true,
      render: (row) => (
        <Tag tone={row.action === 'unbind' ? 'warning' : 'default'}>{t(`records.actions.${row.action}`)}</Tag>
      ),
    },
    { key: 'before', title: t('records.before'), render: (row) => row.before || '—' },
    { key: 'after', title: t('records.after'), render: (row) => row.after || '—' },
    { key: 'operator_name', title: t('records.operator'), kind: 'name' },
    {
      key: 'source',
      title: t('records.source'),
      kind: 'state',
      render: (row) => t(`records.sources.${row.source}`),
    },
  ];

  return (
    <ListPage
      title={t('records.title')}
      filterBy={{ label: t('records.filters'), filters }}
      id="devices-bind-records"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      initialQuery={{ orders: NEWEST_FIRST }}
      load={(query, signal) => api.bindRecords({ query }, { signal })}
      emptyText={t('records.empty')}
      toolbar={
        mayExport ? (
          <TableExportButton
            table={table}
            wheres={filters.wheres}
            orders={NEWEST_FIRST}
            max={BIND_RECORD_EXPORT_MAX_ROWS}
            file={t('records.exportFile')}
            exportList={(query) => api.exportBindRecords({ query })}
          />
        ) : null
      }
    />
  );
}
