import { type CloudState, type Device, formatDateTime } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { type Column, Dot, RelativeTime, type RowAction, RowActions, Tag, type TagTone } from '@vap/ui';

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
  const cloud = (state: CloudState) => <Tag tone={CLOUD_TONES[state]}>{t(`cloud.${state}`)}</Tag>;
  return [
    { key: 'sn', title: t('device.sn'), kind: 'id', sortable: true, hideable: false },
    { key: 'name', title: t('device.name'), kind: 'name', sortable: true },
    { key: 'model', title: t('device.model'), kind: 'id', sortable: true },
    { key: 'firmware_version', title: t('device.firmwareVersion'), kind: 'id', sortable: true },
    { key: 'hardware_version', title: t('device.hardwareVersion'), kind: 'id', defaultHidden: true },
    { key: 'area', title: t('device.area'), kind: 'name', defaultHidden: true },
    {
      key: 'group_name',
      title: t('device.group'),
      kind: 'name',
      render: (row) => row.group_name || <span className="text-ink-faint">{t('groups.ungrouped')}</span>,
    },
    { key: 'ip', title: t('device.ip'), kind: 'id' },
    { key: 'mac', title: t('device.mac'), kind: 'id', defaultHidden: true },
    {
      key: 'status',
      title: t('device.status'),
      kind: 'state',
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
      kind: 'date',
      sortable: true,
      // Spec §9: how long ago, and the compact date from two days on.
      render: (row) => <RelativeTime value={row.last_online_at} fallback={t('common.never')} />,
    },
    {
      key: 'last_offline_at',
      title: t('device.lastOffline'),
      kind: 'date',
      defaultHidden: true,
      render: (row) => (row.last_offline_at ? formatDateTime(row.last_offline_at) : t('common.never')),
    },
    {
      key: 'cloud_backup',
      title: t('device.cloudBackup'),
      kind: 'state',
      render: (row) => cloud(row.cloud_backup),
    },
    {
      key: 'cloud_video',
      title: t('device.cloudVideo'),
      kind: 'state',
      render: (row) => cloud(row.cloud_video),
    },
    {
      key: 'network_mode',
      title: t('device.networkMode'),
      kind: 'state',
      defaultHidden: true,
      render: (row) => t(`network.${row.network_mode}`),
    },
    {
      key: 'gb28181_id',
      title: t('device.gb28181Id'),
      kind: 'id',
      defaultHidden: true,
      render: (row) => row.gb28181_id || '—',
    },
    {
      key: 'company_name',
      title: t('device.company'),
      kind: 'name',
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
      kind: 'actions',
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
