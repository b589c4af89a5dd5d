import { callKey, HOLOGRAM_CALLS, HOLOGRAM_SCHEME_FILTERS, type HologramScheme } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirm,
  type DataTableHandle,
  FilterForm,
  formatFileSize,
  ListPage,
  message,
  rowActionsColumn,
  useFilters,
} from '@vap/ui';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

const SchemeDialog = lazyExport(() => import('./hologram-scheme-dialog.js'), 'SchemeDialog');
const PublishDialog = lazyExport(() => import('./publish-dialog.js'), 'PublishDialog');
const Deliveries = lazyExport(() => import('./deliveries.js'), 'Deliveries');

const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];
/** While a delivery of a scheme shown is on its way, the list is read again this often. */
const POLL_MS = 3000;

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; scheme: HologramScheme }
  | { kind: 'publish'; scheme: HologramScheme }
  | { kind: 'devices'; scheme: HologramScheme }
  | null;

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
  const [open, setOpen] = useState<Open>(null);
  const [inProgress, setInProgress] = useState(false);
  const filters = useFilters(HOLOGRAM_SCHEME_FILTERS, [
    { key: 'name', op: 'like', kind: 'text', label: t('hologram.name'), className: 'w-48' },
    { key: 'site', op: 'like', kind: 'text', label: t('hologram.site'), className: 'w-48' },
  ]);

  useEffect(() => {
    if (!inProgress) return;
    const timer = setInterval(() => table.current?.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress]);

  const remove = async (scheme: HologramScheme) => {
    const confirmed = await confirm({
      title: t('hologram.deleteTitle', { name: scheme.name }),
      content:
        scheme.devices.total > 0
          ? t('hologram.deleteContent', { count: scheme.devices.total })
          : t('hologram.deleteContentNone'),
      okText: t('hologram.deleteConfirm'),
      cancelText: t('hologram.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await hologram.remove({ params: { id: scheme.id } });
    } catch {
      return;
    }
    message.success(t('hologram.deleted'));
    table.current?.reload();
  };

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
      { label: t('hologram.showDevices'), onClick: () => setOpen({ kind: 'devices', scheme: row }) },
      mayEdit && { label: t('hologram.publish'), onClick: () => setOpen({ kind: 'publish', scheme: row }) },
      mayEdit && { label: t('hologram.edit'), onClick: () => setOpen({ kind: 'edit', scheme: row }) },
      mayDelete && { label: t('hologram.delete'), danger: true, onClick: () => void remove(row) },
    ]),
  ];

  const close = () => setOpen(null);
  const reload = () => table.current?.reload();
  let dialog: ReactNode = null;
  if (open?.kind === 'add') dialog = <SchemeDialog onClose={close} onSaved={reload} />;
  else if (open?.kind === 'edit')
    dialog = <SchemeDialog scheme={open.scheme} onClose={close} onSaved={reload} />;
  else if (open?.kind === 'publish') {
    const { scheme } = open;
    dialog = (
      <PublishDialog
        publishing={{
          name: scheme.name,
          devicesKey: (input) => callKey(HOLOGRAM_CALLS.devices, input),
          devices: (input, options) => hologram.devices(input, options),
          publish: (device_ids) => hologram.publish({ params: { id: scheme.id }, body: { device_ids } }),
        }}
        onClose={close}
        onPublished={reload}
      />
    );
  } else if (open?.kind === 'devices') {
    const { scheme } = open;
    dialog = (
      <Deliveries
        delivered={{
          name: scheme.name,
          tableId: `hologram-deliveries-${scheme.id}`,
          deliveries: (query, signal) =>
            hologram.deliveries({ params: { id: scheme.id }, query }, { signal }),
          retry: (ids) => hologram.retry({ params: { id: scheme.id }, body: { ids } }),
          mayRetry: mayEdit,
        }}
        onClose={close}
        onChanged={reload}
      />
    );
  }

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
        load={async (query, signal) => {
          const page = await hologram.schemes({ query }, { signal });
          setInProgress(page.items.some((row) => row.devices.in_progress > 0));
          return page;
        }}
        emptyText={t('hologram.empty')}
        toolbar={
          mayAdd ? (
            <span className="ml-auto flex items-center gap-2">
              <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
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
