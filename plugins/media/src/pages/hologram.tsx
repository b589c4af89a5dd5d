import { callKey, HOLOGRAM_CALLS, HOLOGRAM_SCHEME_FILTERS, type HologramScheme } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, formatFileSize, useFilters, useListDialog } from '@vap/ui';
import { useRef } from 'react';
import { usePublished } from './published.js';
import { PublishedList } from './published-list.js';

const SchemeDialog = lazyExport(() => import('./hologram-scheme-dialog.js'), 'SchemeDialog');

/**
 * Hologram parking (spec §2.3 hologram_parking; issue 32): the company's screen-display schemes of
 * its parking sites, filtered by name and site, newest first, each with its scheme file and how its
 * deliveries to devices stand (read again while any is on its way). `add` adds a scheme, `edit`
 * edits one, publishes it to devices and retries failed deliveries, `delete` deletes one after
 * saying on how many devices it is.
 */
export default function HologramPage() {
  const t = useT('media');
  const hologram = useClient(HOLOGRAM_CALLS);
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const editor = useListDialog<HologramScheme | 'new'>(table);
  const reload = () => table.current?.reload();
  const published = usePublished(
    {
      words: 'hologram',
      devicesKey: (input) => callKey(HOLOGRAM_CALLS.devices, input),
      devices: (input, options) => hologram.devices(input, options),
      publish: (id, device_ids) => hologram.publish({ params: { id }, body: { device_ids } }),
      deliveries: (id, query, signal) => hologram.deliveries({ params: { id }, query }, { signal }),
      retry: (id, ids) => hologram.retry({ params: { id }, body: { ids } }),
      remove: (id) => hologram.remove({ params: { id } }),
      mayRetry: mayEdit,
    },
    reload,
  );
  const filters = useFilters(HOLOGRAM_SCHEME_FILTERS, [
    { key: 'name', op: 'like', kind: 'text', label: t('hologram.name'), className: 'w-48' },
    { key: 'site', op: 'like', kind: 'text', label: t('hologram.site'), className: 'w-48' },
  ]);

  const columns: Column<HologramScheme>[] = [
    { key: 'name', title: t('hologram.name') },
    { key: 'site', title: t('hologram.site') },
    { key: 'screens', title: t('hologram.screens'), kind: 'number' },
    { key: 'size', title: t('hologram.size'), render: (row) => formatFileSize(row.size) },
  ];

  return (
    <PublishedList
      words="hologram"
      id="hologram-schemes"
      table={table}
      filters={filters}
      columns={columns}
      actions={(row) => [
        { label: t('hologram.showDevices'), onClick: () => published.showDevices(row) },
        mayEdit && { label: t('hologram.publish'), onClick: () => published.publish(row) },
        mayEdit && { label: t('hologram.edit'), onClick: () => editor.open(row) },
        mayDelete && { label: t('hologram.delete'), danger: true, onClick: () => published.remove(row) },
      ]}
      list={(query, signal) => hologram.schemes({ query }, { signal })}
      editor={editor}
      edit={(scheme) => <SchemeDialog scheme={scheme ?? undefined} onClose={editor.close} onSaved={reload} />}
      dialog={published.dialog}
    />
  );
}
