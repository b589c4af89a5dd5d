import { RESOURCE_CALLS, RESOURCE_CATEGORIES, RESOURCE_FILTERS, type Resource } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  type DataTableHandle,
  downloadBlob,
  formatFileSize,
  ListPage,
  rowActionsColumnIf,
  useFilters,
  useListDialog,
} from '@vap/ui';
import { lazy, Suspense, useRef, useState } from 'react';
import { ResourceTags, useLocalized } from '../resource.js';

const ShareDialog = lazy(() => import('./share-dialog.js'));
const OfficialDialog = lazy(() => import('./official-dialog.js'));

/** The table's id, for its kept columns and page size. */
export const DOWNLOAD_TABLE = 'resource-download';

/**
 * Resource download (spec §2.3 `resource_download`; issue 32): the vendor's resources and the
 * company's own, filtered by name, category and model, newest first. The role's `download` button
 * downloads one; `share` makes a link valid 1, 3 or 7 days (and lists and revokes a resource's
 * links) and the public download page's skip-login link.
 */
export default function DownloadPage() {
  const t = useT('resources');
  const resources = useClient(RESOURCE_CALLS);
  const localized = useLocalized();
  const mayDownload = usePermission('download');
  const mayShare = usePermission('share');
  const table = useRef<DataTableHandle>(null);
  const sharing = useListDialog<Resource>(table);
  const [granting, setGranting] = useState(false);
  const filters = useFilters(RESOURCE_FILTERS, [
    { key: 'text', op: 'like', kind: 'text', label: t('download.text'), className: 'w-48' },
    {
      key: 'category',
      op: '=',
      kind: 'select',
      label: t('download.category'),
      placeholder: t('download.anyCategory'),
      options: RESOURCE_CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) })),
      className: 'w-40',
    },
    { key: 'model', op: 'like', kind: 'text', label: t('download.model'), className: 'w-40' },
  ]);

  const download = async (row: Resource) => {
    try {
      const { blob } = await resources.file({ params: { id: row.id } });
      downloadBlob(row.file_name, blob);
      table.current?.reload();
    } catch {
      // The console shows the server's message.
    }
  };

  const columns: Column<Resource>[] = [
    { key: 'name', title: t('resource.name'), kind: 'name', render: (row) => localized(row.name) },
    { key: 'tags', title: t('resource.category'), render: (row) => <ResourceTags resource={row} /> },
    { key: 'version', title: t('resource.version'), kind: 'id' },
    {
      key: 'owner',
      title: t('resource.owner'),
      render: (row) => (row.owner === 'vendor' ? t('resource.vendor') : t('resource.company')),
    },
    {
      key: 'size',
      title: t('resource.size'),
      kind: 'number',
      sortable: true,
      render: (row) => formatFileSize(row.size),
    },
    { key: 'downloads', title: t('resource.downloads'), kind: 'number', sortable: true },
    { key: 'updated_at', title: t('resource.updatedAt'), kind: 'date', sortable: true },
    ...rowActionsColumnIf<Resource>(mayDownload || mayShare, t('download.actions'), (row) => [
      mayDownload && { label: t('download.download'), onClick: () => void download(row) },
      mayShare && { label: t('download.share'), onClick: () => sharing.open(row) },
    ]),
  ];

  return (
    <ListPage
      title={t('download.title')}
      description={t('download.description')}
      filterBy={{ label: t('download.filters'), filters }}
      id={DOWNLOAD_TABLE}
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => resources.resources({ query }, { signal })}
      emptyText={t('download.empty')}
      toolbar={
        mayShare ? (
          <span className="ml-auto">
            <Button onClick={() => setGranting(true)}>{t('download.official')}</Button>
          </span>
        ) : null
      }
    >
      <Suspense fallback={null}>
        {sharing.dialog ? <ShareDialog resource={sharing.dialog} onClose={sharing.done} /> : null}
        {granting ? <OfficialDialog onClose={() => setGranting(false)} /> : null}
      </Suspense>
    </ListPage>
  );
}
