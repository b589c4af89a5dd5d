import { ALGMALL_CALLS, type Authorisation, type Where } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import { Button, type Column, confirm, type DataTableHandle, message, rowActionsColumnIf } from '@vap/ui';
import { Suspense, useEffect, useRef, useState } from 'react';
import { AUTHORISATIONS_TABLE } from '../order.js';
import { useAuthorisationColumns } from './authorisation-columns.js';
import { useAuthorisationFilters } from './authorisation-filters.js';
import { AuthorisationList } from './authorisation-list.js';

const AuthoriseDialog = lazyExport(() => import('./authorise-dialog.js'), 'AuthoriseDialog');

/** This page's authorisations: those sent over the broker. */
const ONLINE: Where = { k: 'mode', o: '=', v: 'online' };
/** While any shown is in progress, the list is read again this often. */
const POLL_MS = 3000;

/** An authorisation that gave its authorisation back, which a retry takes again. */
const retriable = (row: Authorisation) =>
  row.state === 'failed' || row.state === 'cancelled' || row.state === 'timeout';

/**
 * Online authorisation (spec §2.3 algmall_onauth, §4.3): each device's authorisation of a product —
 * its state as its licence travels (in progress, success, failed with the device's reason,
 * cancelled, timed out), the order it took from — filtered by state, product, serial and days, read
 * again while any is in progress. The role's `add` button authorises devices (a dialog), retries the
 * failed, cancelled or timed-out ones and cancels those still waiting; `export` downloads the list.
 */
export default function OnauthPage() {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const shared = useAuthorisationColumns();
  const mayAdd = usePermission('add');
  const table = useRef<DataTableHandle>(null);
  const [adding, setAdding] = useState(false);
  const [inProgress, setInProgress] = useState(false);
  const filters = useAuthorisationFilters({ state: true });

  useEffect(() => {
    if (!inProgress) return;
    const timer = setInterval(() => table.current?.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress]);

  const retry = async (row: Authorisation) => {
    let changed: number;
    try {
      ({ changed } = await mall.retryAuthorisations({ body: { ids: [row.id] } }));
    } catch {
      return; // The console shows the server's message (authorisation quantity insufficient).
    }
    message.success(t('authorisations.retried', { count: changed }));
    table.current?.reload();
  };

  const cancel = async (row: Authorisation) => {
    const confirmed = await confirm({
      title: t('authorisations.cancelTitle', { device: row.device_name || row.sn }),
      content: t('authorisations.cancelContent'),
      okText: t('authorisations.cancelConfirm'),
      cancelText: t('authorisations.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    let changed: number;
    try {
      ({ changed } = await mall.cancelAuthorisations({ body: { ids: [row.id] } }));
    } catch {
      return;
    }
    if (changed > 0) message.success(t('authorisations.cancelled'));
    else message.warning(t('authorisations.notCancelled'));
    table.current?.reload();
  };

  const columns: Column<Authorisation>[] = [
    shared.sn,
    shared.device,
    { key: 'model', title: t('authorisations.model') },
    shared.product,
    shared.state,
    { key: 'reason', title: t('authorisations.reason'), render: (row) => row.reason ?? '' },
    shared.order,
    { key: 'attempts', title: t('authorisations.attempts'), kind: 'number' },
    shared.time,
    ...rowActionsColumnIf<Authorisation>(mayAdd, t('authorisations.actions'), (row) => {
      if (retriable(row)) return [{ label: t('authorisations.retry'), onClick: () => void retry(row) }];
      if (row.state === 'in_progress')
        return [{ label: t('authorisations.cancel'), danger: true, onClick: () => void cancel(row) }];
      return null;
    }),
  ];

  return (
    <>
      <AuthorisationList
        title={t('authorisations.title')}
        description={t('authorisations.description')}
        id={AUTHORISATIONS_TABLE}
        table={table}
        fixed={[ONLINE]}
        filters={filters}
        columns={columns}
        emptyText={t('authorisations.empty')}
        exportFile={t('authorisations.exportFile')}
        onPage={(items) => setInProgress(items.some((row) => row.state === 'in_progress'))}
        action={
          mayAdd ? (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t('authorisations.add')}
            </Button>
          ) : null
        }
      />
      {adding ? (
        <Suspense fallback={null}>
          <AuthoriseDialog
            onClose={() => setAdding(false)}
            onSent={() => {
              table.current?.reload();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
