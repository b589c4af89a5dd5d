import { ALGMALL_CALLS, type Authorisation, listParams, ORDER_EXPORT_MAX_ROWS } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import { type Column, type DataTableHandle, ExportButton, FilterForm, ListPage, Tag } from '@vap/ui';
import { useRef, useState } from 'react';
import { useLocalized } from '../product.js';
import { useAuthorisationFilters } from './authorisation-filters.js';
import { StateTag } from './state-tag.js';

const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];
const CONSUME_TABLE = 'algmall-consume';

/**
 * The consumption of authorisations (spec §2.3 algmall_consume): every authorisation the company's
 * devices took, online or offline — when, which device, which product, from which order, and where
 * it stands (a failed one's was given back) — filtered, paged and exported (the role's `export`).
 */
export default function ConsumePage() {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const localized = useLocalized();
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  const [total, setTotal] = useState<number | null>(null);
  const filters = useAuthorisationFilters({ state: true, mode: true });
  const wheres = filters.wheres;

  const columns: Column<Authorisation>[] = [
    { key: 'created_at', title: t('authorisations.time'), kind: 'date', sortable: true },
    {
      key: 'mode',
      title: t('authorisations.mode'),
      render: (row) => <Tag>{t(`authorisations.modes.${row.mode}`)}</Tag>,
    },
    { key: 'sn', title: t('authorisations.sn'), kind: 'id' },
    { key: 'device_name', title: t('authorisations.device') },
    { key: 'product', title: t('authorisations.product'), render: (row) => localized(row.product_name) },
    { key: 'state', title: t('authorisations.state'), render: (row) => <StateTag state={row.state} /> },
    {
      key: 'order_number',
      title: t('authorisations.order'),
      kind: 'id',
      render: (row) => row.order_number ?? '—',
    },
  ];

  return (
    <ListPage
      title={t('consume.title')}
      description={t('consume.description')}
      filterForm={<FilterForm label={t('authorisations.filters')} filters={filters} />}
      id={CONSUME_TABLE}
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      filters={wheres}
      initialQuery={{ orders: NEWEST_FIRST }}
      load={async (query, signal) => {
        const page = await mall.authorisations({ query }, { signal });
        setTotal(page.total);
        return page;
      }}
      emptyText={t('consume.empty')}
      toolbar={
        mayExport ? (
          <span className="ml-auto">
            <ExportButton
              total={() => total}
              max={ORDER_EXPORT_MAX_ROWS}
              file={t('consume.exportFile')}
              download={() => {
                const query = table.current?.query();
                return mall
                  .exportAuthorisations({
                    query: listParams(query?.wheres ?? wheres, query?.orders ?? NEWEST_FIRST),
                  })
                  .then(({ blob }) => blob);
              }}
            />
          </span>
        ) : null
      }
    />
  );
}
