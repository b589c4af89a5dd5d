import { useQueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_CALLS,
  type Campaign,
  formatFen,
  TRADE_IN_LINES_MAX,
  type TradeInApplyBody,
  type TradeInModel,
  tradeInApplyBodySchema,
  tradeInVouchers,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, FormDialog, IdSelectField, message, QuantityField, TextField, useZodForm } from '@vap/ui';
import { useState } from 'react';
import { RECORDS_TABLE } from '../campaign.js';

interface ApplyDialogProps {
  campaign: Campaign;
  models: readonly TradeInModel[];
  onClose: () => void;
}

/**
 * A trade-in application (POST, the page's `apply` button; spec §5.7): one or more lines of a model
 * (the vendor's own brands marked) and a quantity — a model once, at least one line kept — and the
 * parcel's tracking number. The vouchers and their value show as the lines change.
 */
export function ApplyDialog({ campaign, models, onClose }: ApplyDialogProps) {
  const t = useT('campaigns');
  const tv = useT();
  const client = useClient(CAMPAIGN_CALLS);
  const queryClient = useQueryClient();
  const form = useZodForm(tradeInApplyBodySchema, {
    defaultValues: {
      campaign_id: campaign.id,
      tracking_number: '',
      lines: [{ model_id: undefined as unknown as number, quantity: 1 }],
    },
  });
  const [keys, setKeys] = useState([0]);
  const lines = form.watch('lines');
  const byId = new Map(models.map((model) => [model.id, model]));
  const counted = lines.flatMap((line) => {
    const model = byId.get(line.model_id);
    return model && Number.isInteger(line.quantity) && line.quantity > 0
      ? [{ own_brand: model.own_brand, quantity: line.quantity }]
      : [];
  });
  const vouchers = tradeInVouchers(counted, campaign.terms);
  const options = models.map((model) => ({
    value: String(model.id),
    label: model.own_brand
      ? t('apply.ownModel', { brand: model.brand, model: model.model })
      : `${model.brand} ${model.model}`,
  }));
  const linesError = form.formState.errors.lines;
  const linesMessage = linesError?.root?.message ?? linesError?.message;

  const addLine = () => {
    form.setValue('lines', [...lines, { model_id: undefined as unknown as number, quantity: 1 }]);
    setKeys((current) => [...current, Math.max(...current) + 1]);
  };
  const removeLine = (index: number) => {
    form.setValue(
      'lines',
      lines.filter((_, i) => i !== index),
      { shouldValidate: form.formState.isSubmitted },
    );
    setKeys((current) => current.filter((_, i) => i !== index));
  };

  const submit = async (body: TradeInApplyBody) => {
    await client.applyTradeIn({ body });
    message.success(t('apply.done'));
    void queryClient.invalidateQueries({ queryKey: ['data-table', RECORDS_TABLE] });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={t('apply.title')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('apply.submit')}
    >
      {keys.map((key, index) => (
        <fieldset
          key={key}
          className="flex flex-wrap items-end gap-2"
          aria-label={t('apply.line', { n: index + 1 })}
        >
          <IdSelectField
            name={`lines.${index}.model_id`}
            label={t('apply.model')}
            required
            className="min-w-56 flex-1"
            options={options}
            placeholder={t('apply.chooseModel')}
          />
          <QuantityField
            name={`lines.${index}.quantity`}
            label={t('apply.quantity')}
            required
            className="w-28"
          />
          <Button type="button" onClick={() => removeLine(index)} disabled={keys.length === 1}>
            {t('apply.remove')}
          </Button>
        </fieldset>
      ))}
      {linesMessage ? (
        <p role="alert" className="text-sm text-danger">
          {tv(linesMessage as never)}
        </p>
      ) : null}
      <div>
        <Button type="button" onClick={addLine} disabled={keys.length >= TRADE_IN_LINES_MAX}>
          {t('apply.addLine')}
        </Button>
      </div>
      <TextField name="tracking_number" label={t('apply.trackingNumber')} required autoComplete="off" />
      <output aria-live="polite" className="text-base font-medium text-ink">
        {t('apply.subsidy', {
          count: vouchers,
          amount: formatFen(vouchers * campaign.terms.voucher_value_fen),
        })}
      </output>
    </FormDialog>
  );
}
