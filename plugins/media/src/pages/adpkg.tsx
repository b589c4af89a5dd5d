import { ADPKG_CALLS, ADPKG_FILTERS, type Adpkg } from '@vap/contracts';
import { lazyExport, useClient, useNavigateTo, usePagePath, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, useFilters, useListDialog } from '@vap/ui';
import { useRef } from 'react';
import { adpkgPublished, usePublished } from './published.js';
import { PublishedList } from './published-list.js';

const AdpkgDialog = lazyExport(() => import('./adpkg-dialog.js'), 'AdpkgDialog');

/**
 * Ad packages (spec §2.3 adpkg_management; issue 32): the company's layouts of its devices'
 * screens, filtered by name, newest first, each with its split, its items and how its deliveries to
 * devices stand (read again while any is on its way). Design opens a package in its editor (the
 * adpkg_design page, when the role has it). `add` adds a package, `edit` edits one,
 * `publish` publishes it to devices and retries failed deliveries, `delete` deletes one after
 * saying on how many devices it is.
 */
export default function AdpkgPage() {
  const t = useT('media');
  const adpkg = useClient(ADPKG_CALLS);
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const mayPublish = usePermission('publish');
  // The editor opens when the role has its page (spec §2.3 adpkg_design, titled by the package's name).
  const mayDesign = usePagePath('adpkg_design') !== null;
  const navigateTo = useNavigateTo();
  const table = useRef<DataTableHandle>(null);
  const editor = useListDialog<Adpkg | 'new'>(table);
  const reload = () => table.current?.reload();
  const published = usePublished(adpkgPublished(adpkg, mayPublish), reload);
  const filters = useFilters(ADPKG_FILTERS, [
    { key: 'name', op: 'like', kind: 'text', label: t('adpkg.name'), className: 'w-48' },
  ]);

  const columns: Column<Adpkg>[] = [
    { key: 'name', title: t('adpkg.name') },
    {
      key: 'top_share',
      title: t('adpkg.topShare'),
      render: (row) => t('adpkg.share', { share: row.top_share }),
    },
    { key: 'items', title: t('adpkg.items'), render: (row) => String(row.items.length) },
  ];

  return (
    <PublishedList
      words="adpkg"
      id="adpkg-packages"
      table={table}
      filters={filters}
      columns={columns}
      actions={(row) => [
        { label: t('adpkg.showDevices'), onClick: () => published.showDevices(row) },
        mayPublish && { label: t('adpkg.publish'), onClick: () => published.publish(row) },
        mayDesign && {
          label: t('adpkg.design'),
          onClick: () => navigateTo('adpkg_design', { id: String(row.id), name: row.name }),
        },
        mayEdit && { label: t('adpkg.edit'), onClick: () => editor.open(row) },
        mayDelete && { label: t('adpkg.delete'), danger: true, onClick: () => published.remove(row) },
      ]}
      list={(query, signal) => adpkg.packages({ query }, { signal })}
      editor={editor}
      edit={(pkg) => <AdpkgDialog pkg={pkg ?? undefined} onClose={editor.close} onSaved={reload} />}
      dialog={published.dialog}
    />
  );
}
