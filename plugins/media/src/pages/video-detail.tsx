import { useQuery } from '@tanstack/react-query';
import { callKey, VIDEO_CALLS, VIDEO_RECORDING_FILTERS, type VideoRecording } from '@vap/contracts';
import { useClient, usePermission, useT } from '@vap/kernel';
import {
  Alert,
  type Column,
  DataTable,
  FilterForm,
  formatFileSize,
  message,
  rowActionsColumn,
  Skeleton,
  useFilters,
} from '@vap/ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { VideoPlayer } from './video-player.js';

/** The devices a picker offers: a company's cloud video packages are few, the first 100 by serial. */
const DEVICES_QUERY = { page: 1, size: 100, wheres: [], orders: [] };

/**
 * Video detail (page video_detail; issue 32): the cloud video recordings of the caller's devices
 * that hold a cloud video package (within their groups), by device and time range, the latest
 * first; opened from another page with `?device_id=`, that device's. Play opens a recording in the player, which seeks by range requests on its signed URL;
 * with the role's `download` button, Download saves it.
 */
export default function VideoDetailPage() {
  const t = useT('media');
  const video = useClient(VIDEO_CALLS);
  const mayDownload = usePermission('download');
  const [playing, setPlaying] = useState<VideoRecording | null>(null);
  const devices = useQuery({
    queryKey: callKey(VIDEO_CALLS.devices, { query: DEVICES_QUERY }),
    // Quiet: the page says itself why the devices failed.
    queryFn: ({ signal }) => video.devices({ query: DEVICES_QUERY }, { signal, quiet: true }),
  });
  const filters = useFilters(VIDEO_RECORDING_FILTERS, [
    {
      key: 'device_id',
      op: '=',
      kind: 'select',
      label: t('video.device'),
      placeholder: t('video.anyDevice'),
      options: (devices.data?.items ?? []).map((device) => ({
        value: String(device.id),
        label: t('video.deviceOption', { name: device.name || device.sn, sn: device.sn }),
      })),
      className: 'w-72',
      instant: true,
    },
    { key: 'started_at', op: 'between', kind: 'days', label: t('video.time') },
  ]);

  // A page that opens this one for a device names it in the address: chosen as if picked.
  const [params] = useSearchParams();
  const asked = params.get('device_id');
  const deviceField = filters.fields.find((field) => field.key === 'device_id');
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per device asked for, not per render's setter
  useEffect(() => {
    if (asked && /^\d{1,10}$/.test(asked)) deviceField?.set(asked);
  }, [asked]);

  async function download(row: VideoRecording) {
    try {
      const file = await video.download({ params: { id: row.id } }, { quiet: true });
      // The signed URL answers the file as an attachment of this name (the bucket's, or ours).
      const link = document.createElement('a');
      link.href = file.url;
      link.download = file.filename;
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      message.error(t('video.downloadFailed', { message: (error as Error).message }));
    }
  }

  const columns: Column<VideoRecording>[] = [
    { key: 'sn', title: t('video.columns.device'), kind: 'name', hideable: false },
    { key: 'started_at', title: t('video.columns.start'), kind: 'date', sortable: true },
    { key: 'ended_at', title: t('video.columns.end'), kind: 'date' },
    {
      key: 'duration',
      title: t('video.columns.duration'),
      render: (row) => t('video.seconds', { count: Math.round(row.duration) }),
    },
    {
      key: 'size',
      title: t('video.columns.size'),
      sortable: true,
      render: (row) => formatFileSize(row.size),
    },
    rowActionsColumn(t('video.columns.actions'), (row) => [
      { label: t('video.play'), onClick: () => setPlaying(row) },
      mayDownload && { label: t('video.download'), onClick: () => void download(row) },
    ]),
  ];

  const noDevices = devices.isSuccess && devices.data.total === 0;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-ink">{t('video.title')}</h1>
        <p className="text-sm text-ink-soft">{t('video.description')}</p>
      </div>
      {devices.isPending ? (
        <div role="status" aria-label={t('video.devicesLoading')}>
          <Skeleton lines={1} />
        </div>
      ) : devices.isError ? (
        <Alert tone="error">{t('video.devicesFailed', { message: devices.error.message })}</Alert>
      ) : noDevices ? (
        <Alert tone="info">{t('video.noDevices')}</Alert>
      ) : null}
      <section aria-label={t('video.player')} className="flex flex-col gap-2">
        {playing ? (
          <VideoPlayer recording={playing} onClose={() => setPlaying(null)} />
        ) : (
          <p className="text-sm text-ink-soft">{t('video.pick')}</p>
        )}
      </section>
      <FilterForm label={t('video.filters')} filters={filters} />
      <DataTable
        id="media.video-recordings"
        label={t('video.recordings')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={(query, signal) => video.recordings({ query }, { signal })}
        emptyText={t('video.empty')}
      />
    </div>
  );
}
