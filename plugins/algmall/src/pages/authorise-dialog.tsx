import { useQueryClient } from '@tanstack/react-query';
import { ALGMALL_CALLS, type AuthoriseBody, authoriseBodySchema } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { FormDialog, IdSelectField, message, useZodForm } from '@vap/ui';
import { useState } from 'react';
import { ORDERS_TABLE } from '../order.js';
import { LIST_PAGE } from '../product.js';
import { DevicePicker } from './device-picker.js';
import { useProductOptions } from './product-options.js';
import { Refusal } from './refusal.js';

/**
 * Authorises devices with a product (POST authorisations, the page's `add` button): the algorithm,
 * and the devices of the user's groups searched by serial (online or not: an offline one gets its
 * licence when it comes back). Each takes one authorisation from the company's orders; too few
 * left is refused in place with the §8 words and the way to buy more.
 */
export function AuthoriseDialog({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const t = useT('algmall');
  const mall = useClient(ALGMALL_CALLS);
  const queryClient = useQueryClient();
  const form = useZodForm(authoriseBodySchema, { defaultValues: { device_ids: [] } });
  const [refusal, setRefusal] = useState<unknown>(null);
  const chosen = form.watch('device_ids') ?? [];
  const products = useProductOptions();

  const submit = async (body: AuthoriseBody) => {
    setRefusal(null);
    let changed: number;
    try {
      ({ changed } = await mall.authorise({ body }, { quiet: true }));
    } catch (error) {
      setRefusal(error);
      return;
    }
    message.success(t('authorisations.dialog.sent', { count: changed }));
    // Each took an authorisation: the orders' counts changed.
    void queryClient.invalidateQueries({ queryKey: ['data-table', ORDERS_TABLE] });
    onSent();
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={t('authorisations.dialog.title')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('authorisations.dialog.submit')}
    >
      <IdSelectField
        name="product_id"
        label={t('authorisations.dialog.product')}
        required
        options={products}
        placeholder={t('authorisations.dialog.chooseProduct')}
      />
      <DevicePicker
        name="device_ids"
        chosen={chosen}
        onChoose={(ids) => form.setValue('device_ids', ids, { shouldValidate: form.formState.isSubmitted })}
      />
      {refusal ? (
        <Refusal
          error={refusal}
          code="authorisation_insufficient"
          page={LIST_PAGE}
          action={t('authorisations.dialog.buy')}
          onLeave={onClose}
        />
      ) : null}
    </FormDialog>
  );
}
