import { callKey, HOLOGRAM_CALLS, HOLOGRAM_SCHEME_FILTERS, type HologramScheme } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  type DataTableHandle,
  FilterForm,
  formatFileSize,
  ListPage,
  rowActionsColumn,
  useFilters,
  useListDialog,
} from '@vap/ui';
import { type ReactNode, Suspense, useRef } from 'react';
import { usePublished, useReadWhileDelivering } from './published.js';

const SchemeDialog = lazyExport(() => import('./hologram-scheme-dialog.js'), 'SchemeDialog');
const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];

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
  const mayAdd = usePermission('add');
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const editor = useListDialog<HologramScheme | 'new'>(table);
  const reload = () => table.current?.reload();
  const readWhileDelivering = useReadWhileDelivering(table);
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
    {
      key: 'devices',
      title: t('hologram.devices'),
      render: (row) =>
        row.devices.total > 0 ? t('hologram.deviceSummary', { ...row.devices }) : t('hologram.noDevices'),
    },
    { key: 'updated_at', title: t('hologram.updated'), kind: 'date' },
    rowActionsColumn<HologramScheme>(t('hologram.actions'), (row) => [
      { label: t('hologram.showDevices'), onClick: () => published.showDevices(row) },
      mayEdit && { label: t('hologram.publish'), onClick: () => published.publish(row) },
      mayEdit && { label: t('hologram.edit'), onClick: () => editor.open(row) },
      mayDelete && { label: t('hologram.delete'), danger: true, onClick: () => published.remove(row) },
    ]),
  ];

  let dialog: ReactNode = published.dialog;
  if (editor.dialog === 'new') dialog = <SchemeDialog onClose={editor.close} onSaved={reload} />;
  else if (editor.dialog)
    dialog = <SchemeDialog scheme={editor.dialog} onClose={editor.close} onSaved={reload} />;

  return (
    <>
      <ListPage
        title={t('hologram.title')}
        description={t('hologram.description')}
        filterForm={<FilterForm label={t('hologram.filters')} filters={filters} />}
        id="hologram-schemes"
        ref={table}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        initialQuery={{ orders: NEWEST_FIRST }}
        load={async (query, signal) => readWhileDelivering(await hologram.schemes({ query }, { signal }))}
        emptyText={t('hologram.empty')}
        toolbar={
          mayAdd ? (
            <span className="ml-auto flex items-center gap-2">
              <Button variant="primary" onClick={() => editor.open('new')}>
                {t('hologram.add')}
              </Button>
            </span>
          ) : null
        }
      />
      {dialog ? <Suspense fallback={null}>{dialog}</Suspense> : null}
    </>
  );
}
