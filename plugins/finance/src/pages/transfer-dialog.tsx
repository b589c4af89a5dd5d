import { useQuery } from '@tanstack/react-query';
import {
  COUPON_TRANSFER_HOURS,
  type Coupon,
  callKey,
  couponTransferBodySchema,
  FINANCE_CALLS,
  formatFen,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, FormDialog, FormField, message, Select, useZodForm } from '@vap/ui';

interface TransferDialogProps {
  coupon: Coupon;
  onClose: () => void;
  onTransferred: () => void;
}

/**
 * Sends a voucher to a cooperating first-level customer (spec §6): one of the company's direct
 * downstream companies, credited to its balance within 24 hours (spec §9).
 */
export function TransferDialog({ coupon, onClose, onTransferred }: TransferDialogProps) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const targets = useQuery({
    queryKey: callKey(FINANCE_CALLS.couponTargets),
    queryFn: async ({ signal }) => (await finance.couponTargets({}, { signal })).items,
  });
  const form = useZodForm(couponTransferBodySchema, { defaultValues: { company_id: 0 } });

  const submit = async ({ company_id }: { company_id: number }) => {
    try {
      await finance.transferCoupon({ params: { id: coupon.id }, body: { company_id } });
      message.success(t('coupons.transferred', { hours: COUPON_TRANSFER_HOURS }));
      onTransferred();
    } catch {
      // The console shows the server's message (spec §8); the dialog stays open.
    }
  };

  const options = (targets.data ?? []).map((company) => ({ value: String(company.id), label: company.name }));
  return (
    <FormDialog
      form={form}
      title={t('coupons.transferTitle', { code: coupon.code })}
      size="small"
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="text-sm text-ink-soft">
        {t('coupons.transferIntro', { value: formatFen(coupon.value), hours: COUPON_TRANSFER_HOURS })}
      </p>
      {targets.isSuccess && options.length === 0 ? (
        <Alert tone="warning">{t('coupons.noTargets')}</Alert>
      ) : null}
      <FormField
        name="company_id"
        label={t('coupons.target')}
        render={({ field }) => (
          <Select
            aria-label={t('coupons.target')}
            placeholder={targets.isPending ? t('coupons.loadingTargets') : t('coupons.chooseTarget')}
            options={options}
            value={field.value ? String(field.value) : ''}
            onValueChange={(value) => field.onChange(Number(value))}
          />
        )}
      />
    </FormDialog>
  );
}
