import { ALGMALL_CALLS, type Authorisation, type Where } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import { Button, type Column, type DataTableHandle, downloadBlob, rowActionsColumnIf } from '@vap/ui';
import { Suspense, useRef, useState } from 'react';
import { licenceFileName, OFFLINE_TABLE } from '../order.js';
import { useAuthorisationColumns } from './authorisation-columns.js';
import { useAuthorisationFilters } from './authorisation-filters.js';
import { AuthorisationList } from './authorisation-list.js';

const FingerprintDialog = lazyExport(() => import('./fingerprint-dialog.js'), 'FingerprintDialog');

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
  const shared = useAuthorisationColumns();
  const mayAdd = usePermission('add');
  const mayDownload = usePermission('download');
  const table = useRef<DataTableHandle>(null);
  const [adding, setAdding] = useState(false);
  const filters = useAuthorisationFilters({});

  const download = async (row: Authorisation) => {
    try {
      const { blob } = await mall.offlineLicence({ params: { id: row.id } });
      downloadBlob(licenceFileName(row), blob);
    } catch {
      // The console shows the server's message.
    }
  };

  const columns: Column<Authorisation>[] = [
    shared.sn,
    shared.product,
    shared.order,
    shared.time,
    ...rowActionsColumnIf<Authorisation>(mayDownload, t('authorisations.actions'), (row) => [
      { label: t('offline.download'), onClick: () => void download(row) },
    ]),
  ];

  return (
    <>
      <AuthorisationList
        title={t('offline.title')}
        description={t('offline.description')}
        id={OFFLINE_TABLE}
        table={table}
        fixed={[OFFLINE]}
        filters={filters}
        columns={columns}
        emptyText={t('offline.empty')}
        exportFile={t('offline.exportFile')}
        action={
          mayAdd ? (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t('offline.add')}
            </Button>
          ) : null
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
