import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALGMALL_CALLS, AUTHORISABLE_DEVICE_FILTERS, AUTHORISE_MAX_DEVICES, callKey } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { SearchPicker, useFilters } from '@vap/ui';

/** How many devices one search shows. */
const SEARCH_SIZE = 50;

interface DevicePickerProps {
  /** The form field the choice is: `device_ids`, or a trial's one `device_id`. */
  name: string;
  chosen: readonly number[];
  onChoose: (ids: number[]) => void;
  /** The most that may be chosen: AUTHORISE_MAX_DEVICES, or one for a trial. */
  max?: number;
}

/** The user's devices by serial, 50 a search, as checkboxes; chosen ones stay chosen across searches. */
export function DevicePicker({ name, chosen, onChoose, max = AUTHORISE_MAX_DEVICES }: DevicePickerProps) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const filters = useFilters(AUTHORISABLE_DEVICE_FILTERS, [
    { key: 'sn', op: 'like', kind: 'text', label: t('authorisations.dialog.search'), className: 'w-64' },
  ]);
  const input = { query: { page: 1, size: SEARCH_SIZE, wheres: filters.wheres, orders: [] } };
  const devices = useQuery({
    queryKey: callKey(ALGMALL_CALLS.devices, input),
    queryFn: ({ signal }) => mall.devices(input, { signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const shown = devices.data?.items ?? [];
  const full = chosen.length >= max;
  const options = shown.map((device) => ({
    value: device.id,
    label: t(device.online ? 'authorisations.dialog.online' : 'authorisations.dialog.offline', {
      name: device.name || device.model,
      sn: device.sn,
    }),
    disabled: max > 1 && full && !chosen.includes(device.id),
  }));

  return (
    <SearchPicker
      filters={filters}
      searchLabel={t('authorisations.dialog.searchForm')}
      name={name}
      label={t('authorisations.dialog.devices')}
      hint={
        chosen.length > 0
          ? t('authorisations.dialog.chosen', { count: chosen.length })
          : t('authorisations.dialog.devicesHint')
      }
      list={devices}
      options={options}
      chosen={chosen}
      // Choosing one more where one only may be chosen replaces it.
      onChoose={(ids) => onChoose(max === 1 ? ids.filter((id) => !chosen.includes(id)).slice(0, 1) : ids)}
      failedText={(message) => t('authorisations.dialog.devicesFailed', { message })}
      emptyText={t('authorisations.dialog.noDevices')}
    />
  );
}
