import type { HologramDelivery, HologramDeliveryState, ListPage, ListQuery } from '@vap/contracts';
import { useT } from '@vap/kernel';
import {
  type Column,
  DataTable,
  type DataTableHandle,
  Drawer,
  message,
  rowActionsColumnIf,
  Tag,
  type TagTone,
} from '@vap/ui';
import { useEffect, useRef, useState } from 'react';

const STATE_TONES: Record<HologramDeliveryState, TagTone> = {
  in_progress: 'primary',
  success: 'success',
  failed: 'danger',
};
/** While a delivery shown is on its way, the list is read again this often. */
const POLL_MS = 3000;

/** The deliveries of a published thing (a hologram scheme, an ad package) through the page's calls. */
export interface Delivered {
  /** The thing's name, in the title. */
  name: string;
  /** The table's id (its kept state). */
  tableId: string;
  deliveries: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<HologramDelivery>>;
  retry: (ids: number[]) => Promise<{ changed: number }>;
  /** The role's button that retries (hologram parking's `edit`, ad packages' `publish`). */
  mayRetry: boolean;
}

interface DeliveriesProps {
  delivered: Delivered;
  onClose: () => void;
  /** A retry changed the counts. */
  onChanged: () => void;
}

/**
 * The devices a scheme or package is published to, each with its delivery's state (on the way,
 * shown, failed with the device's reason), read again while any is on its way; a failed one can be
 * retried by a role with the page's button for it. (Both areas' deliveries have one shape.)
 */
export function Deliveries({ delivered, onClose, onChanged }: DeliveriesProps) {
  const t = useT('media');
  const mayEdit = delivered.mayRetry;
  const table = useRef<DataTableHandle>(null);
  const [inProgress, setInProgress] = useState(false);

  useEffect(() => {
    if (!inProgress) return;
    const timer = setInterval(() => table.current?.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress]);

  const retry = async (row: HologramDelivery) => {
    let changed: number;
    try {
      ({ changed } = await delivered.retry([row.id]));
    } catch {
      return;
    }
    message.success(t('publishing.deliveries.retried', { count: changed }));
    table.current?.reload();
    onChanged();
  };

  const columns: Column<HologramDelivery>[] = [
    { key: 'sn', title: t('publishing.deliveries.sn'), kind: 'id' },
    { key: 'device_name', title: t('publishing.deliveries.device') },
    {
      key: 'state',
      title: t('publishing.deliveries.state'),
      render: (row) => (
        <Tag tone={STATE_TONES[row.state]}>{t(`publishing.deliveries.states.${row.state}`)}</Tag>
      ),
    },
    { key: 'reason', title: t('publishing.deliveries.reason'), render: (row) => row.reason ?? '' },
    { key: 'attempts', title: t('publishing.deliveries.attempts'), kind: 'number' },
    { key: 'updated_at', title: t('publishing.deliveries.time'), kind: 'date' },
    ...rowActionsColumnIf<HologramDelivery>(mayEdit, t('publishing.actions'), (row) =>
      row.state === 'failed'
        ? [{ label: t('publishing.deliveries.retry'), onClick: () => void retry(row) }]
        : null,
    ),
  ];

  return (
    <Drawer
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width={760}
      title={t('publishing.deliveries.title', { name: delivered.name })}
    >
      <DataTable
        id={delivered.tableId}
        ref={table}
        label={t('publishing.deliveries.title', { name: delivered.name })}
        columns={columns}
        rowKey={(row) => row.id}
        load={async (query, signal) => {
          const page = await delivered.deliveries(query, signal);
          setInProgress(page.items.some((row) => row.state === 'in_progress'));
          return page;
        }}
        emptyText={t('publishing.deliveries.empty')}
      />
    </Drawer>
  );
}
