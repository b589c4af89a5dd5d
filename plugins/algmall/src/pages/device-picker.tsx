import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ALGMALL_CALLS, AUTHORISABLE_DEVICE_FILTERS, AUTHORISE_MAX_DEVICES, callKey } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, CheckboxList, FormField, Input, Skeleton, useFilters } from '@vap/ui';

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
    <div className="flex flex-col gap-2">
      <search
        aria-label={t('authorisations.dialog.searchForm')}
        className="flex flex-wrap items-center gap-2"
      >
        {/* Inside the dialog's form: Enter searches instead of submitting. */}
        {filters.fields.map((field) => (
          <Input
            key={field.key}
            type="search"
            aria-label={field.label}
            placeholder={field.label}
            value={String(field.value ?? '')}
            maxLength={field.limits.maxLength}
            onChange={(event) => field.set(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              filters.search();
            }}
            className={field.className}
          />
        ))}
        <Button onClick={filters.search}>{t('authorisations.dialog.searchButton')}</Button>
      </search>
      <FormField
        name={name}
        label={t('authorisations.dialog.devices')}
        required
        hint={
          chosen.length > 0
            ? t('authorisations.dialog.chosen', { count: chosen.length })
            : t('authorisations.dialog.devicesHint')
        }
        render={() =>
          devices.isPending ? (
            <Skeleton lines={3} />
          ) : devices.isError && !devices.data ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
              <span>{t('authorisations.dialog.devicesFailed', { message: devices.error.message })}</span>
              <Button size="small" onClick={() => void devices.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            <CheckboxList
              options={options}
              value={chosen.filter((id) => shown.some((device) => device.id === id))}
              onChange={(ids) => {
                const kept = chosen.filter((id) => !shown.some((device) => device.id === id));
                // Choosing one more where one only may be chosen replaces it.
                onChoose(
                  max === 1 ? ids.filter((id) => !chosen.includes(id)).slice(0, 1) : [...kept, ...ids],
                );
              }}
              emptyText={t('authorisations.dialog.noDevices')}
            />
          )
        }
      />
    </div>
  );
}
