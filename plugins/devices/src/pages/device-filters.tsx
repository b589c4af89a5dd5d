import { DEVICE_STATUSES, NETWORK_MODES, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FilterForm, Input, Select } from '@vap/ui';
import type { GroupChoice } from './group-panel.js';

export interface DeviceFilterValues {
  sn: string;
  name: string;
  model: string;
  /** '' for any status. */
  status: string;
  /** '' for any network mode. */
  networkMode: string;
  firmware: string;
}

export const NO_DEVICE_FILTERS: DeviceFilterValues = {
  sn: '',
  name: '',
  model: '',
  status: '',
  networkMode: '',
  firmware: '',
};

/**
 * The `{k, o, v}` list of spec §3 for the device list (DEVICE_FILTERS of the contracts): the group
 * chosen beside the list (`UNGROUPED`, 0, for the devices in no group), then serial, name, model, status, network mode and firmware version.
 */
export function deviceWheres(values: DeviceFilterValues, group: GroupChoice): Where[] {
  const wheres: Where[] = [];
  if (group !== 'all') wheres.push({ k: 'group_id', o: '=', v: group });
  const sn = values.sn.trim();
  if (sn) wheres.push({ k: 'sn', o: 'like', v: sn });
  const name = values.name.trim();
  if (name) wheres.push({ k: 'name', o: 'like', v: name });
  const model = values.model.trim();
  if (model) wheres.push({ k: 'model', o: '=', v: model });
  if (values.status !== '') wheres.push({ k: 'status', o: '=', v: values.status });
  if (values.networkMode !== '') wheres.push({ k: 'network_mode', o: '=', v: values.networkMode });
  const firmware = values.firmware.trim();
  if (firmware) wheres.push({ k: 'firmware_version', o: 'like', v: firmware });
  return wheres;
}

type TextFilter = 'sn' | 'name' | 'model' | 'firmware';

/** The device list's searches, applied on Search (or Enter); Reset clears them. */
export function DeviceFilters({ onChange }: { onChange: (values: DeviceFilterValues) => void }) {
  const t = useT('devices');
  return (
    <FilterForm label={t('maintenance.filters')} empty={NO_DEVICE_FILTERS} onChange={onChange}>
      {(values, set) => {
        const text = (key: TextFilter, label: string, maxLength: number) => (
          <Input
            type="search"
            aria-label={label}
            placeholder={label}
            value={values[key]}
            maxLength={maxLength}
            onChange={(event) => set({ [key]: event.target.value })}
            className="w-40"
          />
        );
        return (
          <>
            {text('sn', t('device.sn'), 20)}
            {text('name', t('device.name'), 20)}
            {text('model', t('device.model'), 64)}
            <Select
              aria-label={t('device.status')}
              placeholder={t('maintenance.anyStatus')}
              options={DEVICE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
              value={values.status}
              onValueChange={(status) => set({ status })}
              clearable
              className="w-36"
            />
            <Select
              aria-label={t('device.networkMode')}
              placeholder={t('maintenance.anyNetworkMode')}
              options={NETWORK_MODES.map((mode) => ({ value: mode, label: t(`network.${mode}`) }))}
              value={values.networkMode}
              onValueChange={(networkMode) => set({ networkMode })}
              clearable
              className="w-36"
            />
            {text('firmware', t('device.firmwareVersion'), 64)}
          </>
        );
      }}
    </FilterForm>
  );
}
