import { ADPKG_CALLS, callKey, type HologramDelivery, type ListPage, type ListQuery } from '@vap/contracts';
import { type Client, lazyExport, useT } from '@vap/kernel';
import { confirm, type DataTableHandle, message } from '@vap/ui';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import type { Publishing } from './publish-dialog.js';

const PublishDialog = lazyExport(() => import('./publish-dialog.js'), 'PublishDialog');
const Deliveries = lazyExport(() => import('./deliveries.js'), 'Deliveries');

/** While a delivery of a thing shown is on its way, its list is read again this often. */
const POLL_MS = 3000;

/** A thing published to devices (a hologram scheme, an ad package), as its list answers it. */
export interface Published {
  id: number;
  name: string;
  devices: { total: number; in_progress: number; success: number; failed: number };
}

/**
 * How an area reaches its published things through its calls (HOLOGRAM_CALLS and ADPKG_CALLS have
 * one shape here), and which of its strings speak of them: `hologram` or `adpkg` of `media`.
 */
export interface PublishedArea {
  words: 'hologram' | 'adpkg';
  devicesKey: Publishing['devicesKey'];
  devices: Publishing['devices'];
  publish: (id: number, deviceIds: number[]) => Promise<{ changed: number }>;
  deliveries: (id: number, query: ListQuery, signal: AbortSignal) => Promise<ListPage<HologramDelivery>>;
  retry: (id: number, ids: number[]) => Promise<{ changed: number }>;
  /** Deletes one; absent where the page deletes none. */
  remove?: (id: number) => Promise<unknown>;
  /** The role's button that retries failed deliveries (hologram parking's `edit`, ad packages' `publish`). */
  mayRetry: boolean;
}

/** Ad packages as published things, through their calls; `mayRetry` is the role's `publish`. */
export const adpkgPublished = (adpkg: Client<typeof ADPKG_CALLS>, mayRetry: boolean): PublishedArea => ({
  words: 'adpkg',
  devicesKey: (input) => callKey(ADPKG_CALLS.devices, input),
  devices: (input, options) => adpkg.devices(input, options),
  publish: (id, device_ids) => adpkg.publish({ params: { id }, body: { device_ids } }),
  deliveries: (id, query, signal) => adpkg.deliveries({ params: { id }, query }, { signal }),
  retry: (id, ids) => adpkg.retry({ params: { id }, body: { ids } }),
  remove: (id) => adpkg.remove({ params: { id } }),
  mayRetry,
});

/**
 * What the list pages of published things share (issue 32: hologram parking and ad packages): the
 * publish dialog and the deliveries drawer of a row, and deleting a row after saying on how many
 * devices it is. `changed` runs after anything that changes the rows' counts.
 */
export function usePublished(area: PublishedArea, changed: () => void) {
  const t = useT('media');
  const [open, setOpen] = useState<{ kind: 'publish' | 'devices'; row: Published } | null>(null);
  const { words } = area;

  const remove = async (row: Published) => {
    if (!area.remove) return;
    const confirmed = await confirm({
      title: t(`${words}.deleteTitle`, { name: row.name }),
      content:
        row.devices.total > 0
          ? t(`${words}.deleteContent`, { count: row.devices.total })
          : t(`${words}.deleteContentNone`),
      okText: t(`${words}.deleteConfirm`),
      cancelText: t(`${words}.keep`),
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await area.remove(row.id);
    } catch {
      return;
    }
    message.success(t(`${words}.deleted`));
    changed();
  };

  let dialog: ReactNode = null;
  if (open?.kind === 'publish') {
    const { row } = open;
    dialog = (
      <PublishDialog
        publishing={{
          name: row.name,
          devicesKey: area.devicesKey,
          devices: area.devices,
          publish: (deviceIds) => area.publish(row.id, deviceIds),
        }}
        onClose={() => setOpen(null)}
        onPublished={changed}
      />
    );
  } else if (open?.kind === 'devices') {
    const { row } = open;
    dialog = (
      <Deliveries
        delivered={{
          name: row.name,
          tableId: `${words}-deliveries-${row.id}`,
          deliveries: (query, signal) => area.deliveries(row.id, query, signal),
          retry: (ids) => area.retry(row.id, ids),
          mayRetry: area.mayRetry,
        }}
        onClose={() => setOpen(null)}
        onChanged={changed}
      />
    );
  }

  return {
    publish: (row: Published) => setOpen({ kind: 'publish', row }),
    showDevices: (row: Published) => setOpen({ kind: 'devices', row }),
    remove: (row: Published) => void remove(row),
    /** The open dialog or drawer, if any (lazy: render it in a `Suspense`). */
    dialog,
  };
}

/**
 * Reads a list of published things again while a delivery of a row shown is on its way; answers
 * what the list's `load` hands each page it read.
 */
export function useReadWhileDelivering(table: RefObject<DataTableHandle | null>) {
  const [inProgress, setInProgress] = useState(false);
  useEffect(() => {
    if (!inProgress) return;
    const timer = setInterval(() => table.current?.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress, table]);
  return <R extends Published>(page: ListPage<R>) => {
    setInProgress(page.items.some((row) => row.devices.in_progress > 0));
    return page;
  };
}
