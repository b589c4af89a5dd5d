import { useQueryClient } from '@tanstack/react-query';
import { type Firmware, TASK_CALLS } from '@vap/contracts';
import { useClient, useDateTime, useT } from '@vap/kernel';
import { Button, CompactTable, confirmThen, Dialog, Empty, formatFileSize, message, Skeleton } from '@vap/ui';
import { type ReactNode, useState } from 'react';
import { FIRMWARE_KEY, useFirmware } from './firmware-query.js';
import { FirmwareUploadDialog } from './firmware-upload-dialog.js';
import { RowLink } from './row-link.js';

/**
 * The company's firmware packages (issue 16), for the role's `upgrade` button: each with its model,
 * version, size, md5 and release notes; uploading one, and deleting one no unfinished task uses
 * (the server refuses otherwise, with its message).
 */
export function FirmwareDialog({ onClose }: { onClose: () => void }) {
  const t = useT('devices');
  const tasks = useClient(TASK_CALLS);
  const queryClient = useQueryClient();
  const packages = useFirmware();
  const [uploading, setUploading] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: FIRMWARE_KEY });

  const remove = async (item: Firmware) => {
    const name = `${item.model} ${item.version}`;
    const done = await confirmThen(
      {
        title: t('firmware.deleteTitle', { name }),
        content: t('firmware.deleteContent'),
        okText: t('firmware.delete'),
      },
      // A refusal (e.g. a task under way uses it) is the server's message.
      () => tasks.deleteFirmware({ params: { id: item.id } }),
    );
    if (!done) return;
    message.success(t('firmware.deleted', { name }));
    refresh();
  };

  let body: ReactNode;
  if (packages.isPending) body = <Skeleton lines={4} />;
  else if (packages.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <span>{packages.error.message || t('firmware.loadFailed')}</span>
        <Button size="small" onClick={() => void packages.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (packages.data.length === 0) body = <Empty description={t('firmware.empty')} />;
  else body = <FirmwareTable items={packages.data} onDelete={(item) => void remove(item)} />;

  return (
    <Dialog
      onClose={onClose}
      title={t('firmware.title')}
      size="large"
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-ink-soft">{t('firmware.intro')}</p>
          <Button variant="primary" onClick={() => setUploading(true)}>
            {t('firmware.upload')}
          </Button>
        </div>
        {body}
      </div>
      {uploading ? (
        <FirmwareUploadDialog
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            refresh();
          }}
        />
      ) : null}
    </Dialog>
  );
}

function FirmwareTable({
  items,
  onDelete,
}: {
  items: readonly Firmware[];
  onDelete: (item: Firmware) => void;
}) {
  const t = useT('devices');
  const dateTime = useDateTime();
  return (
    <CompactTable
      label={t('firmware.title')}
      headers={[
        t('device.model'),
        t('firmware.version'),
        t('firmware.size'),
        t('firmware.md5'),
        t('firmware.releaseNotes'),
        t('firmware.createdAt'),
        t('common.actions'),
      ]}
    >
      {items.map((item) => (
        <tr key={item.id} className="border-t border-line-soft align-top">
          <td className="px-3 py-1.5 text-ink">{item.model}</td>
          <td className="px-3 py-1.5 text-ink">{item.version}</td>
          {/* Units of 1024 (spec §9). */}
          <td className="px-3 py-1.5 whitespace-nowrap text-ink">{formatFileSize(item.size)}</td>
          <td className="px-3 py-1.5 font-mono text-xs break-all text-ink-soft">{item.md5}</td>
          <td className="max-w-64 px-3 py-1.5 whitespace-pre-wrap text-ink">{item.release_notes || '—'}</td>
          <td className="px-3 py-1.5 whitespace-nowrap text-ink">{dateTime(item.created_at)}</td>
          <td className="px-3 py-1.5">
            <RowLink
              danger
              name={t('firmware.deleteNamed', { name: `${item.model} ${item.version}` })}
              onClick={() => onDelete(item)}
            >
              {t('firmware.delete')}
            </RowLink>
          </td>
        </tr>
      ))}
    </CompactTable>
  );
}
