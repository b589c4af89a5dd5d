import { CHILD_FILTERS, type ChildCompany, SYSTEM_CALLS } from '@vap/contracts';
import { type Translate, useClient, useT } from '@vap/kernel';
import { type Column, DataTable, FilterForm, Tag, type TagTone, useFilters } from '@vap/ui';

const STATUS_TONES: Record<number, TagTone> = { 0: 'default', 1: 'warning', 2: 'success', 3: 'danger' };

/**
 * The downstream companies of the company (spec §7.2 GET /children): customer companies the
 * vendor set under it, with their verification status and size. Read only (spec §6).
 */
export function ChildCompanies() {
  const t = useT('system');
  const tc = useT();
  // A verification status as the server sends it, any number (keys exist for 0–3): a key known at
  // run time only.
  const statusLabel = (status: number) => (tc as Translate)(`verify.status${status}`);
  const system = useClient(SYSTEM_CALLS);
  const filters = useFilters(CHILD_FILTERS, [
    { key: 'name', op: 'like', kind: 'text', label: t('children.name'), className: 'w-56' },
  ]);
  const columns: Column<ChildCompany>[] = [
    { key: 'name', title: t('children.name'), kind: 'name', sortable: true },
    { key: 'title', title: t('children.companyTitle'), defaultHidden: true },
    {
      key: 'verify_status',
      title: t('children.status'),
      kind: 'state',
      render: (row) => (
        <Tag tone={STATUS_TONES[row.verify_status] ?? 'default'}>{statusLabel(row.verify_status)}</Tag>
      ),
      csv: (row) => statusLabel(row.verify_status),
    },
    { key: 'users', title: t('children.users'), kind: 'number' },
    { key: 'created_at', title: t('children.createdAt'), kind: 'date', sortable: true },
  ];
  return (
    <section aria-labelledby="child-companies" className="flex flex-col gap-3">
      <h2 id="child-companies" className="text-base font-medium text-ink">
        {t('children.title')}
      </h2>
      <FilterForm label={t('children.filters')} filters={filters} resettable={false} />
      <DataTable
        id="system-children"
        label={t('children.title')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={(query, signal) => system.children({ query }, { signal })}
        emptyText={t('children.empty')}
      />
    </section>
  );
}
