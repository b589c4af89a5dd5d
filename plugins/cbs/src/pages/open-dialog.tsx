import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CBS_CALLS,
  CLOUD_DEVICE_FILTERS,
  CLOUD_SERVICES,
  type CloudDevice,
  type CloudPlan,
  type CloudService,
  callKey,
  formatFen,
  type OpenCloudPackagesBody,
  openCloudPackagesBodySchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import {
  FormDialog,
  FormField,
  message,
  RadioGroup,
  SearchPicker,
  Tag,
  useFilters,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';
import { mayOpenOn, openingEstimate } from '../cloud.js';
import { usePlanOptions } from './plan-options.js';
import { Refusal, useSendChange } from './refusal.js';

/** At most this many devices at once (the body's rule in contracts cbs.ts). */
export const OPEN_MAX_DEVICES = 100;

/** How many devices one search shows. */
const SEARCH_SIZE = 50;

const deviceLabel = (device: CloudDevice) => device.name || device.sn;

/**
 * Opens one service and plan on the chosen devices (POST packages, the role's `buy` button): the
 * company's own devices, searched by serial, a device that already holds the service left out. Before
 * it is sent the dialog shows the plan's monthly price and what is charged now — the rest of this
 * accounting month prorated, per device and in all — as an estimate; the server's `charged` is
 * what the message says afterwards. A refusal stays in the dialog, a balance too low with the way
 * to the recharge page.
 */
export function OpenPackagesDialog({ onClose }: { onClose: () => void }) {
  const t = useT('cbs');
  const cbs = useClient(CBS_CALLS);
  const form = useZodForm(openCloudPackagesBodySchema, {
    defaultValues: { device_ids: [], service: 'cloud_backup', plan: 'c' },
  });
  // The devices chosen so far, whichever search showed them.
  const [known, setKnown] = useState<ReadonlyMap<number, CloudDevice>>(() => new Map());
  const { refusal, send } = useSendChange(onClose);
  const service = form.watch('service');
  const plan = form.watch('plan');
  const chosen = form.watch('device_ids');
  const planOptions = usePlanOptions(service);

  const choose = (ids: number[], shown: readonly CloudDevice[]) => {
    const next = new Map(known);
    for (const device of shown) if (ids.includes(device.id)) next.set(device.id, device);
    setKnown(next);
    form.setValue('device_ids', ids, { shouldValidate: form.formState.isSubmitted });
  };
  const switchService = (next: CloudService) => {
    form.setValue('service', next);
    // A device holding the other service's package may hold this one's too: it is let go.
    form.setValue(
      'device_ids',
      chosen.filter((id) => {
        const device = known.get(id);
        return device ? mayOpenOn(device, next) : false;
      }),
    );
  };

  const submit = (body: OpenCloudPackagesBody) =>
    send(async () => {
      const { packages, charged } = await cbs.open(
        { body },
        // Quiet: the dialog shows a refusal (a balance that does not cover it, a package that exists) in place.
        { quiet: true },
      );
      message.success(t('open.opened', { count: packages.length, charged: formatFen(charged) }));
    });

  return (
    <FormDialog
      form={form}
      title={t('open.title')}
      size="large"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('open.submit')}
    >
      <FormField
        name="service"
        label={t('open.service')}
        required
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={(value) => switchService(value as CloudService)}
            options={CLOUD_SERVICES.map((item) => ({ value: item, label: t(`services.${item}`) }))}
          />
        )}
      />
      <FormField
        name="plan"
        label={t('open.plan')}
        required
        render={({ field }) => (
          <RadioGroup value={field.value} onValueChange={field.onChange} options={planOptions} />
        )}
      />
      <DevicePicker service={service} chosen={chosen} known={known} onChoose={choose} />
      <Estimate service={service} plan={plan} count={chosen.length} />
      {refusal ? <Refusal error={refusal} onLeave={onClose} /> : null}
    </FormDialog>
  );
}

interface DevicePickerProps {
  service: CloudService;
  chosen: readonly number[];
  known: ReadonlyMap<number, CloudDevice>;
  onChoose: (ids: number[], shown: readonly CloudDevice[]) => void;
}

/**
 * The company's own devices by serial (GET devices of the device area, 50 at a time), as
 * checkboxes; the chosen ones stay chosen across searches and are listed under them, each with a
 * way to let it go.
 */
function DevicePicker({ service, chosen, known, onChoose }: DevicePickerProps) {
  const t = useT('cbs');
  const cbs = useClient(CBS_CALLS);
  const filters = useFilters(CLOUD_DEVICE_FILTERS, [
    { key: 'sn', op: 'like', kind: 'text', label: t('open.search'), className: 'w-64' },
  ]);
  const serviceName = t(`services.${service}`);

  // The company's own devices (the server's list has no downstream company's, read-only ones).
  const input = { query: { page: 1, size: SEARCH_SIZE, wheres: filters.wheres, orders: [] } };
  const devices = useQuery({
    queryKey: callKey(CBS_CALLS.devices, input),
    // Quiet: the dialog says why in place.
    queryFn: ({ signal }) => cbs.devices(input, { signal, quiet: true }),
    placeholderData: keepPreviousData,
  });
  const shown = devices.data?.items ?? [];
  const full = chosen.length >= OPEN_MAX_DEVICES;
  const options = shown.map((device) => {
    const open = mayOpenOn(device, service);
    const name = deviceLabel(device);
    return {
      value: device.id,
      label: open
        ? device.name
          ? t('open.deviceOption', { name, sn: device.sn })
          : device.sn
        : t('open.hasService', { device: name, service: serviceName }),
      disabled: !open || (full && !chosen.includes(device.id)),
    };
  });

  return (
    <div className="flex flex-col gap-2">
      <SearchPicker
        filters={filters}
        searchLabel={t('open.searchForm')}
        name="device_ids"
        label={t('open.devices')}
        hint={full ? t('open.tooMany', { max: OPEN_MAX_DEVICES }) : t('open.devicesHint')}
        list={devices}
        options={options}
        chosen={chosen}
        onChoose={(ids) => onChoose(ids, shown)}
        failedText={(message) => t('open.devicesFailed', { message })}
        emptyText={t('open.noDevices')}
      />
      <p aria-live="polite" className="text-sm text-ink-soft">
        {t('open.chosen', { count: chosen.length })}
      </p>
      {chosen.length > 0 ? (
        <ul aria-label={t('open.chosen', { count: chosen.length })} className="flex flex-wrap gap-2">
          {chosen.map((id) => {
            const device = known.get(id);
            const name = device ? deviceLabel(device) : String(id);
            return (
              <li key={id}>
                <Tag
                  closable
                  closeLabel={t('open.remove', { device: name })}
                  onClose={() =>
                    onChoose(
                      chosen.filter((other) => other !== id),
                      [],
                    )
                  }
                >
                  {device?.name ? `${device.name} · ${device.sn}` : name}
                </Tag>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** The price of the plan a month and what opening it on the chosen devices charges now (an estimate). */
function Estimate({ service, plan, count }: { service: CloudService; plan: CloudPlan; count: number }) {
  const t = useT('cbs');
  // Estimated at this render; the server charges by the moment the call arrives.
  const { monthly, now } = openingEstimate(service, plan, Date.now());
  return (
    <section
      aria-label={t('open.cost')}
      className="flex flex-col gap-1 rounded border border-line-soft bg-canvas px-4 py-3 text-sm text-ink"
    >
      <h3 className="font-medium">{t('open.cost')}</h3>
      {monthly === 0 ? (
        <p>{t('open.free')}</p>
      ) : (
        <>
          <p>{t('open.monthly', { price: formatFen(monthly) })}</p>
          <p>{t('open.prorated', { each: formatFen(now) })}</p>
          {count > 0 ? (
            <>
              <p className="font-medium">{t('open.total', { count, total: formatFen(now * count) })}</p>
              <p>{t('open.then', { monthly: formatFen(monthly * count) })}</p>
            </>
          ) : null}
          <p className="text-xs text-ink-faint">{t('open.estimate')}</p>
        </>
      )}
    </section>
  );
}
