import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  callKey,
  HOLOGRAM_CALLS,
  HOLOGRAM_DEVICE_FILTERS,
  HOLOGRAM_PUBLISH_MAX_DEVICES,
  type HologramPublishBody,
  type HologramScheme,
  hologramPublishBodySchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  Button,
  CheckboxList,
  FormDialog,
  FormField,
  Input,
  message,
  Skeleton,
  useFilters,
  useZodForm,
} from '@vap/ui';

/** How many devices one search shows. */
const SEARCH_SIZE = 50;

interface PublishDialogProps {
  scheme: HologramScheme;
  onClose: () => void;
  onPublished: () => void;
}

/**
 * Publishes a scheme to devices (the page's `edit` button): the devices of the user's groups,
 * searched by serial, online or not (an offline one gets it when it comes back). Each fetches the
 * scheme file by a signed, expiring URL, checks its size and md5 and reports.
 */
export function PublishDialog({ scheme, onClose, onPublished }: PublishDialogProps) {
  const t = useT('media');
  const tConsole = useT();
  const hologram = useClient(HOLOGRAM_CALLS);
  const form = useZodForm(hologramPublishBodySchema, { defaultValues: { device_ids: [] } });
  const chosen = form.watch('device_ids') ?? [];
  const filters = useFilters(HOLOGRAM_DEVICE_FILTERS, [
    { key: 'sn', op: 'like', kind: 'text', label: t('hologram.publishDialog.search'), className: 'w-64' },
  ]);
  const input = { query: { page: 1, size: SEARCH_SIZE, wheres: filters.wheres, orders: [] } };
  const devices = useQuery({
    queryKey: callKey(HOLOGRAM_CALLS.devices, input),
    queryFn: ({ signal }) => hologram.devices(input, { signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const shown = devices.data?.items ?? [];
  const full = chosen.length >= HOLOGRAM_PUBLISH_MAX_DEVICES;

  const submit = async (body: HologramPublishBody) => {
    let changed: number;
    try {
      ({ changed } = await hologram.publish({ params: { id: scheme.id }, body }));
    } catch {
      return; // The console shows the server's message.
    }
    message.success(t('hologram.publishDialog.sent', { count: changed }));
    onPublished();
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={t('hologram.publishDialog.title', { name: scheme.name })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('hologram.publishDialog.submit')}
    >
      <search
        aria-label={t('hologram.publishDialog.searchForm')}
        className="flex flex-wrap items-center gap-2"
      >
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
        <Button onClick={filters.search}>{t('hologram.publishDialog.searchButton')}</Button>
      </search>
      <FormField
        name="device_ids"
        label={t('hologram.publishDialog.devices')}
        required
        hint={
          chosen.length > 0
            ? t('hologram.publishDialog.chosen', { count: chosen.length })
            : t('hologram.publishDialog.devicesHint')
        }
        render={() =>
          devices.isPending ? (
            <Skeleton lines={3} />
          ) : devices.isError && !devices.data ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
              <span>{t('hologram.publishDialog.failedToLoad', { message: devices.error.message })}</span>
              <Button size="small" onClick={() => void devices.refetch()}>
                {tConsole('app.retry')}
              </Button>
            </div>
          ) : (
            <CheckboxList
              options={shown.map((device) => ({
                value: device.id,
                label: t(device.online ? 'hologram.publishDialog.online' : 'hologram.publishDialog.offline', {
                  name: device.name || device.model,
                  sn: device.sn,
                }),
                disabled: full && !chosen.includes(device.id),
              }))}
              value={chosen.filter((id) => shown.some((device) => device.id === id))}
              onChange={(ids) => {
                const kept = chosen.filter((id) => !shown.some((device) => device.id === id));
                form.setValue('device_ids', [...kept, ...ids], {
                  shouldValidate: form.formState.isSubmitted,
                });
              }}
              emptyText={t('hologram.publishDialog.none')}
            />
          )
        }
      />
    </FormDialog>
  );
}
