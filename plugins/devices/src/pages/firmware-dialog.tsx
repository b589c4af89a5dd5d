import { useQueryClient } from '@tanstack/react-query';
import { type Firmware, TASK_CALLS } from '@vap/contracts';
import { useClient, useDateTime, useT } from '@vap/kernel';
import { CompactTable, confirmThen, formatFileSize, message } from '@vap/ui';
import { useState } from 'react';
import { FIRMWARE_KEY, useFirmware } from './firmware-query.js';
import { FirmwareUploadDialog } from './firmware-upload-dialog.js';
import { LibraryDialog } from './library-dialog.js';
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

  return (
    <LibraryDialog
      words="firmware"
      list={packages}
      addLabel={t('firmware.upload')}
      onAdd={() => setUploading(true)}
      table={(items) => <FirmwareTable items={items} onDelete={(item) => void remove(item)} />}
      onClose={onClose}
    >
      {uploading ? (
        <FirmwareUploadDialog
          onClose={() => setUploading(false)}
          onUploaded={() => {
            setUploading(false);
            refresh();
          }}
        />
      ) : null}
    </LibraryDialog>
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
