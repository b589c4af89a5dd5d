import { ADPKG_CALLS, ADPKG_FILTERS, type Adpkg, callKey } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirm,
  type DataTableHandle,
  FilterForm,
  ListPage,
  message,
  rowActionsColumn,
  useFilters,
} from '@vap/ui';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

const AdpkgDialog = lazyExport(() => import('./adpkg-dialog.js'), 'AdpkgDialog');
const PublishDialog = lazyExport(() => import('./publish-dialog.js'), 'PublishDialog');
const Deliveries = lazyExport(() => import('./deliveries.js'), 'Deliveries');

const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];
/** While a delivery of a package shown is on its way, the list is read again this often. */
const POLL_MS = 3000;

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; pkg: Adpkg }
  | { kind: 'publish'; pkg: Adpkg }
  | { kind: 'devices'; pkg: Adpkg }
  | null;

/**
 * Ad packages (spec §2.3 adpkg_management; issue 32): the company's layouts of its devices'
 * screens, filtered by name, newest first, each with its split, its items and how its deliveries to
 * devices stand (read again while any is on its way). `add` adds a package, `edit` edits one,
 * `publish` publishes it to devices and retries failed deliveries, `delete` deletes one after
 * saying on how many devices it is.
 */
export default function AdpkgPage() {
  const t = useT('media');
  const adpkg = useClient(ADPKG_CALLS);
  const mayAdd = usePermission('add');
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const mayPublish = usePermission('publish');
  const table = useRef<DataTableHandle>(null);
  const [open, setOpen] = useState<Open>(null);
  const [inProgress, setInProgress] = useState(false);
  const filters = useFilters(ADPKG_FILTERS, [
    { key: 'name', op: 'like', kind: 'text', label: t('adpkg.name'), className: 'w-48' },
  ]);

  useEffect(() => {
    if (!inProgress) return;
    const timer = setInterval(() => table.current?.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress]);

  const remove = async (pkg: Adpkg) => {
    const confirmed = await confirm({
      title: t('adpkg.deleteTitle', { name: pkg.name }),
      content:
        pkg.devices.total > 0
          ? t('adpkg.deleteContent', { count: pkg.devices.total })
          : t('adpkg.deleteContentNone'),
      okText: t('adpkg.deleteConfirm'),
      cancelText: t('adpkg.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await adpkg.remove({ params: { id: pkg.id } });
    } catch {
      return;
    }
    message.success(t('adpkg.deleted'));
    table.current?.reload();
  };

  const columns: Column<Adpkg>[] = [
    { key: 'name', title: t('adpkg.name') },
    {
      key: 'top_share',
      title: t('adpkg.topShare'),
      render: (row) => t('adpkg.share', { share: row.top_share }),
    },
    { key: 'items', title: t('adpkg.items'), render: (row) => String(row.items.length) },
    {
      key: 'devices',
      title: t('adpkg.devices'),
      render: (row) =>
        row.devices.total > 0 ? t('adpkg.deviceSummary', { ...row.devices }) : t('adpkg.noDevices'),
    },
    { key: 'updated_at', title: t('adpkg.updated'), kind: 'date' },
    rowActionsColumn<Adpkg>(t('adpkg.actions'), (row) => [
      { label: t('adpkg.showDevices'), onClick: () => setOpen({ kind: 'devices', pkg: row }) },
      mayPublish && { label: t('adpkg.publish'), onClick: () => setOpen({ kind: 'publish', pkg: row }) },
      mayEdit && { label: t('adpkg.edit'), onClick: () => setOpen({ kind: 'edit', pkg: row }) },
      mayDelete && { label: t('adpkg.delete'), danger: true, onClick: () => void remove(row) },
    ]),
  ];

  const close = () => setOpen(null);
  const reload = () => table.current?.reload();
  let dialog: ReactNode = null;
  if (open?.kind === 'add') dialog = <AdpkgDialog onClose={close} onSaved={reload} />;
  else if (open?.kind === 'edit') dialog = <AdpkgDialog pkg={open.pkg} onClose={close} onSaved={reload} />;
  else if (open?.kind === 'publish') {
    const { pkg } = open;
    dialog = (
      <PublishDialog
        publishing={{
          name: pkg.name,
          devicesKey: (input) => callKey(ADPKG_CALLS.devices, input),
          devices: (input, options) => adpkg.devices(input, options),
          publish: (device_ids) => adpkg.publish({ params: { id: pkg.id }, body: { device_ids } }),
        }}
        onClose={close}
        onPublished={reload}
      />
    );
  } else if (open?.kind === 'devices') {
    const { pkg } = open;
    dialog = (
      <Deliveries
        delivered={{
          name: pkg.name,
          tableId: `adpkg-deliveries-${pkg.id}`,
          deliveries: (query, signal) => adpkg.deliveries({ params: { id: pkg.id }, query }, { signal }),
          retry: (ids) => adpkg.retry({ params: { id: pkg.id }, body: { ids } }),
          mayRetry: mayPublish,
        }}
        onClose={close}
        onChanged={reload}
      />
    );
  }

  return (
    <>
      <ListPage
        title={t('adpkg.title')}
        description={t('adpkg.description')}
        filterForm={<FilterForm label={t('adpkg.filters')} filters={filters} />}
        id="adpkg-packages"
        ref={table}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        initialQuery={{ orders: NEWEST_FIRST }}
        load={async (query, signal) => {
          const page = await adpkg.packages({ query }, { signal });
          setInProgress(page.items.some((row) => row.devices.in_progress > 0));
          return page;
        }}
        emptyText={t('adpkg.empty')}
        toolbar={
          mayAdd ? (
            <span className="ml-auto flex items-center gap-2">
              <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
                {t('adpkg.add')}
              </Button>
            </span>
          ) : null
        }
      />
      {dialog ? <Suspense fallback={null}>{dialog}</Suspense> : null}
    </>
  );
}
