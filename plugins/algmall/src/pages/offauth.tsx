import {
  ALGMALL_CALLS,
  type Authorisation,
  listParams,
  ORDER_EXPORT_MAX_ROWS,
  type Where,
} from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  type DataTableHandle,
  downloadBlob,
  ExportButton,
  FilterForm,
  ListPage,
  rowActionsColumn,
} from '@vap/ui';
import { Suspense, useRef, useState } from 'react';
import { licenceFileName, OFFLINE_TABLE } from '../order.js';
import { useLocalized } from '../product.js';
import { useAuthorisationFilters } from './authorisation-filters.js';

const FingerprintDialog = lazyExport(() => import('./fingerprint-dialog.js'), 'FingerprintDialog');

const NEWEST_FIRST = [{ k: 'created_at', o: 'desc' as const }];
/** This page's authorisations: licence files for devices that never reach the platform. */
const OFFLINE: Where = { k: 'mode', o: '=', v: 'offline' };

/**
 * Offline authorisation (spec §2.3 algmall_offauth): the licence files issued for devices that never
 * reach the platform — serial, product, order, time — filtered by serial, product and days. The
 * role's `add` button uploads a device's fingerprint file (a dialog) and downloads its licence;
 * `download` fetches a licence file again; `export` downloads the list.
 */
export default function OffauthPage() {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const localized = useLocalized();
  const mayAdd = usePermission('add');
  const mayDownload = usePermission('download');
  const mayExport = usePermission('export');
  const table = useRef<DataTableHandle>(null);
  const [adding, setAdding] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const filters = useAuthorisationFilters({});
  const wheres = [OFFLINE, ...filters.wheres];

  const download = async (row: Authorisation) => {
    try {
      const { blob } = await mall.offlineLicence({ params: { id: row.id } });
      downloadBlob(licenceFileName(row), blob);
    } catch {
      // The console shows the server's message.
    }
  };

  const columns: Column<Authorisation>[] = [
    { key: 'sn', title: t('authorisations.sn'), kind: 'id' },
    { key: 'product', title: t('authorisations.product'), render: (row) => localized(row.product_name) },
    {
      key: 'order_number',
      title: t('authorisations.order'),
      kind: 'id',
      render: (row) => row.order_number ?? '—',
    },
    { key: 'created_at', title: t('authorisations.time'), kind: 'date', sortable: true },
    ...(mayDownload
      ? [
          rowActionsColumn<Authorisation>(t('authorisations.actions'), (row) => [
            { label: t('offline.download'), onClick: () => void download(row) },
          ]),
        ]
      : []),
  ];

  return (
    <>
      <ListPage
        title={t('offline.title')}
        description={t('offline.description')}
        filterForm={<FilterForm label={t('authorisations.filters')} filters={filters} />}
        id={OFFLINE_TABLE}
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
        emptyText={t('offline.empty')}
        toolbar={
          <span className="ml-auto flex items-center gap-2">
            {mayExport ? (
              <ExportButton
                total={() => total}
                max={ORDER_EXPORT_MAX_ROWS}
                file={t('offline.exportFile')}
                download={() => {
                  const query = table.current?.query();
                  return mall
                    .exportAuthorisations({
                      query: listParams(query?.wheres ?? wheres, query?.orders ?? NEWEST_FIRST),
                    })
                    .then(({ blob }) => blob);
                }}
              />
            ) : null}
            {mayAdd ? (
              <Button variant="primary" onClick={() => setAdding(true)}>
                {t('offline.add')}
              </Button>
            ) : null}
          </span>
        }
      />
      {adding ? (
        <Suspense fallback={null}>
          <FingerprintDialog onClose={() => setAdding(false)} onIssued={() => table.current?.reload()} />
        </Suspense>
      ) : null}
    </>
  );
}
