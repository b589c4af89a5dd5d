import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  HOLOGRAM_DEVICE_FILTERS,
  HOLOGRAM_PUBLISH_MAX_DEVICES,
  type HologramDevice,
  type HologramPublishBody,
  hologramPublishBodySchema,
  type ListPage,
  type ListQuery,
} from '@vap/contracts';
import { useT } from '@vap/kernel';
import { FormDialog, message, SearchPicker, useFilters, useZodForm } from '@vap/ui';

/** How many devices one search shows. */
const SEARCH_SIZE = 50;

/** What is published (a hologram scheme, an ad package) and how the page's calls reach its devices. */
export interface Publishing {
  /** The thing's name, in the title. */
  name: string;
  /** The query key of the device search (its call's `callKey`) under this input. */
  devicesKey: (input: { query: ListQuery }) => readonly unknown[];
  devices: (
    input: { query: ListQuery },
    options: { signal: AbortSignal; quiet: true },
  ) => Promise<ListPage<HologramDevice>>;
  publish: (deviceIds: number[]) => Promise<{ changed: number }>;
}

interface PublishDialogProps {
  publishing: Publishing;
  onClose: () => void;
  onPublished: () => void;
}

/**
 * Publishes a hologram scheme or an ad package to devices: the devices of the user's groups,
 * searched by serial, online or not (an offline one gets it when it comes back). Each fetches the
 * files by signed, expiring URLs, checks their size and md5 and reports. (The device calls of both
 * areas share their shape and limits: HOLOGRAM_* and ADPKG_* are the same.)
 */
export function PublishDialog({ publishing, onClose, onPublished }: PublishDialogProps) {
  const t = useT('media');
  const form = useZodForm(hologramPublishBodySchema, { defaultValues: { device_ids: [] } });
  const chosen = form.watch('device_ids') ?? [];
  const filters = useFilters(HOLOGRAM_DEVICE_FILTERS, [
    { key: 'sn', op: 'like', kind: 'text', label: t('publishing.publishDialog.search'), className: 'w-64' },
  ]);
  const input = { query: { page: 1, size: SEARCH_SIZE, wheres: filters.wheres, orders: [] } };
  const devices = useQuery({
    queryKey: publishing.devicesKey(input),
    queryFn: ({ signal }) => publishing.devices(input, { signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const shown = devices.data?.items ?? [];
  const full = chosen.length >= HOLOGRAM_PUBLISH_MAX_DEVICES;

  const submit = async (body: HologramPublishBody) => {
    let changed: number;
    try {
      ({ changed } = await publishing.publish(body.device_ids));
    } catch {
      return; // The console shows the server's message.
    }
    message.success(t('publishing.publishDialog.sent', { count: changed }));
    onPublished();
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={t('publishing.publishDialog.title', { name: publishing.name })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('publishing.publishDialog.submit')}
    >
      <SearchPicker
        filters={filters}
        searchLabel={t('publishing.publishDialog.searchForm')}
        name="device_ids"
        label={t('publishing.publishDialog.devices')}
        hint={
          chosen.length > 0
            ? t('publishing.publishDialog.chosen', { count: chosen.length })
            : t('publishing.publishDialog.devicesHint')
        }
        list={devices}
        options={shown.map((device) => ({
          value: device.id,
          label: t(device.online ? 'publishing.publishDialog.online' : 'publishing.publishDialog.offline', {
            name: device.name || device.model,
            sn: device.sn,
          }),
          disabled: full && !chosen.includes(device.id),
        }))}
        chosen={chosen}
        onChoose={(ids) => form.setValue('device_ids', ids, { shouldValidate: form.formState.isSubmitted })}
        failedText={(message) => t('publishing.publishDialog.failedToLoad', { message })}
        emptyText={t('publishing.publishDialog.none')}
      />
    </FormDialog>
  );
}
