import {
  HOLOGRAM_CALLS,
  type HologramDelivery,
  type HologramDeliveryState,
  type HologramScheme,
} from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  type Column,
  DataTable,
  type DataTableHandle,
  Drawer,
  message,
  rowActionsColumn,
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

interface DeliveriesProps {
  scheme: HologramScheme;
  onClose: () => void;
  /** A retry changed the scheme's counts. */
  onChanged: () => void;
}

/**
 * The devices a scheme is published to, each with its delivery's state (on the way, shown, failed
 * with the device's reason), read again while any is on its way; the `edit` button retries a
 * failed one.
 */
export function Deliveries({ scheme, onClose, onChanged }: DeliveriesProps) {
  const t = useT('media');
  const hologram = useClient(HOLOGRAM_CALLS);
  const mayEdit = usePermission('edit');
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
      ({ changed } = await hologram.retry({ params: { id: scheme.id }, body: { ids: [row.id] } }));
    } catch {
      return;
    }
    message.success(t('hologram.deliveries.retried', { count: changed }));
    table.current?.reload();
    onChanged();
  };

  const columns: Column<HologramDelivery>[] = [
    { key: 'sn', title: t('hologram.deliveries.sn'), kind: 'id' },
    { key: 'device_name', title: t('hologram.deliveries.device') },
    {
      key: 'state',
      title: t('hologram.deliveries.state'),
      render: (row) => (
        <Tag tone={STATE_TONES[row.state]}>{t(`hologram.deliveries.states.${row.state}`)}</Tag>
      ),
    },
    { key: 'reason', title: t('hologram.deliveries.reason'), render: (row) => row.reason ?? '' },
    { key: 'attempts', title: t('hologram.deliveries.attempts'), kind: 'number' },
    { key: 'updated_at', title: t('hologram.deliveries.time'), kind: 'date' },
    ...(mayEdit
      ? [
          rowActionsColumn<HologramDelivery>(t('hologram.actions'), (row) =>
            row.state === 'failed'
              ? [{ label: t('hologram.deliveries.retry'), onClick: () => void retry(row) }]
              : null,
          ),
        ]
      : []),
  ];

  return (
    <Drawer
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      width={760}
      title={t('hologram.deliveries.title', { name: scheme.name })}
    >
      <DataTable
        id={`hologram-deliveries-${scheme.id}`}
        ref={table}
        label={t('hologram.deliveries.title', { name: scheme.name })}
        columns={columns}
        rowKey={(row) => row.id}
        load={async (query, signal) => {
          const page = await hologram.deliveries({ params: { id: scheme.id }, query }, { signal });
          setInProgress(page.items.some((row) => row.state === 'in_progress'));
          return page;
        }}
        emptyText={t('hologram.deliveries.empty')}
      />
    </Drawer>
  );
}
