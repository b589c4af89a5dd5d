/** The voucher dialogs of the trade-in page: buying vouchers with the balance, and transferring them. */
import { useQueryClient } from '@tanstack/react-query';
import {
  type BalanceExchangeBody,
  balanceExchangeBodySchema,
  CAMPAIGN_CALLS,
  type Campaign,
  type CouponTarget,
  callKey,
  exchangeCost,
  formatFen,
  type VoucherTransferBody,
  voucherTransferBodySchema,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { FormDialog, IdSelectField, message, QuantityField, useZodForm } from '@vap/ui';
import { TRANSFERS_TABLE } from '../campaign.js';

/** Reads the wallet and the transfers again, after a transfer or an exchange. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: callKey(CAMPAIGN_CALLS.voucherWallet, {}) });
    void queryClient.invalidateQueries({ queryKey: ['data-table', TRANSFERS_TABLE] });
  };
}

export function ExchangeDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const t = useT('campaigns');
  const client = useClient(CAMPAIGN_CALLS);
  const refresh = useRefresh();
  const form = useZodForm(balanceExchangeBodySchema, { defaultValues: { quantity: 1 } });
  const quantity = form.watch('quantity');
  const counted = Number.isInteger(quantity) && quantity > 0 ? quantity : 0;
  const submit = async (body: BalanceExchangeBody) => {
    await client.exchangeBalance({ params: { id: campaign.id }, body });
    message.success(t('exchange.done', { count: body.quantity }));
    refresh();
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={t('exchange.title')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('exchange.submit')}
    >
      <QuantityField name="quantity" label={t('exchange.quantity')} required />
      <output aria-live="polite" className="text-base font-medium text-ink">
        {t('exchange.cost', {
          count: counted,
          cost: formatFen(exchangeCost(counted, campaign.terms)),
          value: formatFen(counted * campaign.terms.voucher_value_fen),
        })}
      </output>
    </FormDialog>
  );
}

export function TransferDialog({
  targets,
  usable,
  onClose,
}: {
  targets: readonly CouponTarget[];
  usable: number;
  onClose: () => void;
}) {
  const t = useT('campaigns');
  const client = useClient(CAMPAIGN_CALLS);
  const refresh = useRefresh();
  const form = useZodForm(voucherTransferBodySchema, {
    defaultValues: { company_id: undefined as unknown as number, quantity: 1 },
  });
  const submit = async (body: VoucherTransferBody) => {
    try {
      await client.transferVouchers({ body });
      message.success(t('transfers.done', { count: body.quantity }));
    } finally {
      // A refused transfer is listed as failed: the list and the count change either way.
      refresh();
    }
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={t('transfers.dialog')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('transfers.submit')}
    >
      {targets.length === 0 ? <p className="text-sm text-warning">{t('transfers.noTargets')}</p> : null}
      <IdSelectField
        name="company_id"
        label={t('transfers.target')}
        required
        options={targets.map((target) => ({ value: String(target.id), label: target.name }))}
        placeholder={t('transfers.chooseTarget')}
      />
      <QuantityField name="quantity" label={t('transfers.quantity')} required />
      <p className="text-sm text-ink-soft">{t('transfers.usableShort', { count: usable })}</p>
    </FormDialog>
  );
}
