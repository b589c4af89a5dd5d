import {
  DEVICE_FILTERS,
  DEVICE_STATUSES,
  NETWORK_MODES,
  type Where,
  type WhereOperator,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';
import type { GroupChoice } from './group-panel.js';

type Key = keyof typeof DEVICE_FILTERS;

/** The device list's searches: serial, name, model, status, network mode and firmware version. */
export function useDeviceFilters() {
  const t = useT('devices');
  const text = <K extends Key>(
    key: K,
    op: keyof (typeof DEVICE_FILTERS)[K] & WhereOperator,
    label: string,
  ) => ({
    key,
    op,
    kind: 'text' as const,
    label,
    className: 'w-40',
  });
  return useFilters(DEVICE_FILTERS, [
    text('sn', 'like', t('device.sn')),
    text('name', 'like', t('device.name')),
    text('model', '=', t('device.model')),
    {
      key: 'status',
      op: '=',
      kind: 'select',
      label: t('device.status'),
      placeholder: t('maintenance.anyStatus'),
      options: DEVICE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      className: 'w-36',
    },
    {
      key: 'network_mode',
      op: '=',
      kind: 'select',
      label: t('device.networkMode'),
      placeholder: t('maintenance.anyNetworkMode'),
      options: NETWORK_MODES.map((mode) => ({ value: mode, label: t(`network.${mode}`) })),
      className: 'w-36',
    },
    text('firmware_version', 'like', t('device.firmwareVersion')),
  ]);
}

/**
 * The device list's wheres: the group chosen beside the list (`UNGROUPED`, 0, for the devices in no
 * group) before the searches.
 */
export const withGroup = (group: GroupChoice, searches: readonly Where[]): Where[] =>
  group === 'all' ? [...searches] : [{ k: 'group_id', o: '=', v: group }, ...searches];
