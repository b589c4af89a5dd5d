import { RESOURCE_CALLS, RESOURCE_CATEGORIES, RESOURCE_FILTERS, type Resource } from '@vap/contracts';
import { useClient, useLanguage, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirmListChange,
  type DataTableHandle,
  formatFileSize,
  ListEditor,
  ListPage,
  rowActionsColumnIf,
  useFilters,
  useListDialog,
} from '@vap/ui';
import { lazy, useRef } from 'react';

const ResourceDialog = lazy(() => import('./resource-dialog.js'));

export const MANAGEMENT_TABLE = 'resource-management';

/**
 * Resource management (spec §2.3 `resource_management`, shown only with the product flag `rsrc_mgt`
 * on; issue 32): the company's own resources, filtered by name, category and model. The role's
 * `upload` button uploads one, `edit` changes its words, `delete` removes it (asked first; its
 * share links stop working).
 */
export default function ManagementPage() {
  const t = useT('resource-management');
  const resources = useClient(RESOURCE_CALLS);
  const language = useLanguage();
  const mayUpload = usePermission('upload');
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const editor = useListDialog<Resource | 'new'>(table);
  const filters = useFilters(RESOURCE_FILTERS, [
    { key: 'text', op: 'like', kind: 'text', label: t('field.name'), className: 'w-48' },
    {
      key: 'category',
      op: '=',
      kind: 'select',
      label: t('field.category'),
      placeholder: t('anyCategory'),
      options: RESOURCE_CATEGORIES.map((category) => ({ value: category, label: t(`category.${category}`) })),
      className: 'w-40',
    },
    { key: 'model', op: 'like', kind: 'text', label: t('field.models'), className: 'w-40' },
  ]);

  const remove = (row: Resource) => {
    const name = row.name[language];
    void confirmListChange(
      table,
      { title: t('deleteConfirm', { name }), okText: t('delete') },
      () => resources.deleteResource({ params: { id: row.id } }),
      t('deleted', { name }),
    );
  };

  const columns: Column<Resource>[] = [
    { key: 'name', title: t('column.name'), kind: 'name', render: (row) => row.name[language] },
    { key: 'category', title: t('column.category'), render: (row) => t(`category.${row.category}`) },
    { key: 'version', title: t('column.version'), kind: 'id' },
    { key: 'file_name', title: t('column.fileName'), kind: 'name' },
    {
      key: 'size',
      title: t('column.size'),
      kind: 'number',
      sortable: true,
      render: (row) => formatFileSize(row.size),
    },
    { key: 'downloads', title: t('column.downloads'), kind: 'number', sortable: true },
    { key: 'updated_at', title: t('column.updatedAt'), kind: 'date', sortable: true },
    ...rowActionsColumnIf<Resource>(mayEdit || mayDelete, t('actions'), (row) => [
      mayEdit && { label: t('edit'), onClick: () => editor.open(row) },
      mayDelete && { label: t('delete'), danger: true, onClick: () => remove(row) },
    ]),
  ];

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      filterBy={{ label: t('filters'), filters }}
      id={MANAGEMENT_TABLE}
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => resources.companyResources({ query }, { signal })}
      emptyText={t('empty')}
      toolbar={
        mayUpload ? (
          <span className="ml-auto">
            <Button variant="primary" onClick={() => editor.open('new')}>
              {t('upload')}
            </Button>
          </span>
        ) : null
      }
    >
      <ListEditor
        editor={editor}
        render={(resource) => (
          <ResourceDialog resource={resource} onClose={editor.close} onSaved={editor.done} />
        )}
      />
    </ListPage>
  );
}
