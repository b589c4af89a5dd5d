import type { CloudState, Device } from '@vap/contracts';
import { useDateTime, useT } from '@vap/kernel';
import { type Column, Dot, type RowAction, RowActions, Tag, type TagTone } from '@vap/ui';

const CLOUD_TONES: Record<CloudState, TagTone> = {
  none: 'default',
  active: 'success',
  suspended: 'danger',
  expired: 'warning',
};

/** What the row's actions may do; `false` where the role lacks the button. */
export interface DeviceRowActions {
  edit: false | ((device: Device) => void);
  move: false | ((device: Device) => void);
  upgrade: false | ((device: Device) => void);
  configure: false | ((device: Device) => void);
  whitelist: false | ((device: Device) => void);
  terminal: false | ((device: Device) => void);
  unbind: false | ((device: Device) => void);
}

/**
 * The columns of the device list (spec §3 Device). Sortable where the server sorts
 * (DEVICE_ORDER_KEYS); the rarer ones start hidden and are shown with the column chooser. A
 * downstream company's device (read-only, spec §6) is marked and offers no action.
 */
export function useDeviceColumns(actions: DeviceRowActions): Column<Device>[] {
  const t = useT('devices');
  const dateTime = useDateTime();
  const when = (iso: string | null) => (iso ? dateTime(iso) : t('common.never'));
  const cloud = (state: CloudState) => <Tag tone={CLOUD_TONES[state]}>{t(`cloud.${state}`)}</Tag>;
  return [
    { key: 'sn', title: t('device.sn'), sortable: true, width: 190, hideable: false },
    { key: 'name', title: t('device.name'), sortable: true },
    { key: 'model', title: t('device.model'), sortable: true },
    { key: 'firmware_version', title: t('device.firmwareVersion'), sortable: true },
    { key: 'hardware_version', title: t('device.hardwareVersion'), defaultHidden: true },
    { key: 'area', title: t('device.area'), defaultHidden: true },
    {
      key: 'group_name',
      title: t('device.group'),
      render: (row) => row.group_name || <span className="text-ink-faint">{t('groups.ungrouped')}</span>,
    },
    { key: 'ip', title: t('device.ip') },
    { key: 'mac', title: t('device.mac'), defaultHidden: true },
    {
      key: 'status',
      title: t('device.status'),
      sortable: true,
      render: (row) => (
        <Dot
          tone={row.status === 'online' ? 'success' : 'default'}
          label={t(`status.${row.status}`)}
          showLabel
        />
      ),
    },
    {
      key: 'last_online_at',
      title: t('device.lastOnline'),
      sortable: true,
      width: 180,
      render: (row) => when(row.last_online_at),
    },
    {
      key: 'last_offline_at',
      title: t('device.lastOffline'),
      width: 180,
      defaultHidden: true,
      render: (row) => when(row.last_offline_at),
    },
    { key: 'cloud_backup', title: t('device.cloudBackup'), render: (row) => cloud(row.cloud_backup) },
    { key: 'cloud_video', title: t('device.cloudVideo'), render: (row) => cloud(row.cloud_video) },
    {
      key: 'network_mode',
      title: t('device.networkMode'),
      defaultHidden: true,
      render: (row) => t(`network.${row.network_mode}`),
    },
    {
      key: 'gb28181_id',
      title: t('device.gb28181Id'),
      defaultHidden: true,
      render: (row) => row.gb28181_id || '—',
    },
    {
      key: 'company_name',
      title: t('device.company'),
      render: (row) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {row.company_name}
          {row.read_only ? (
            <Tag tone="warning">
              <span title={t('maintenance.readOnlyHint')}>{t('maintenance.readOnly')}</span>
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      hideable: false,
      width: 500,
      render: (row) => {
        // Spec §6: a downstream company's device is never unbound, moved, edited, given a task or
        // opened in a terminal.
        if (row.read_only) return null;
        const action = (label: string, run: false | ((device: Device) => void), danger = false) =>
          run !== false && ({ label, onClick: () => run(row), danger } satisfies RowAction);
        return (
          <RowActions
            actions={[
              action(t('maintenance.rename'), actions.edit),
              action(t('maintenance.move'), actions.move),
              action(t('maintenance.upgrade'), actions.upgrade),
              action(t('maintenance.configure'), actions.configure),
              action(t('maintenance.whitelist'), actions.whitelist),
              // An offline device has no shell to open: the server would refuse its ticket.
              action(t('maintenance.terminal'), row.status === 'online' && actions.terminal),
              action(t('maintenance.unbind'), actions.unbind, true),
            ]}
          />
        );
      },
    },
  ];
}
