import { ALGMALL_CALLS, type TrialBody, trialBodySchema } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { FormDialog, message, useZodForm } from '@vap/ui';
import { useState } from 'react';
import { useLocalized } from '../product.js';
import type { BuyableProduct } from './buy-dialog.js';
import { DevicePicker } from './device-picker.js';
import { Refusal } from './refusal.js';

interface TrialDialogProps {
  product: BuyableProduct;
  days: number;
  onClose: () => void;
}

/**
 * A trial of a product on one device (POST trials, the page's `trial` button): free, for the
 * product's trial days, once per device and product. The licence goes to the device as an online
 * authorisation does (the online authorisation page shows it). A refusal stays in the dialog.
 */
export function TrialDialog({ product, days, onClose }: TrialDialogProps) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const localized = useLocalized();
  const form = useZodForm(trialBodySchema, { defaultValues: { product_id: product.id } });
  const [refusal, setRefusal] = useState<unknown>(null);
  const device = form.watch('device_id');

  const submit = async (body: TrialBody) => {
    setRefusal(null);
    try {
      await mall.trial({ body }, { quiet: true });
    } catch (error) {
      setRefusal(error);
      return;
    }
    message.success(t('trial.started', { name: localized(product.name), count: days }));
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={t('trial.title', { name: localized(product.name) })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('trial.submit')}
    >
      <p className="text-sm text-ink">{t('trial.terms', { count: days })}</p>
      <DevicePicker
        name="device_id"
        max={1}
        chosen={device ? [device] : []}
        onChoose={([id]) =>
          form.setValue('device_id', id as number, { shouldValidate: form.formState.isSubmitted })
        }
      />
      {refusal ? <Refusal error={refusal} onLeave={onClose} /> : null}
    </FormDialog>
  );
}
