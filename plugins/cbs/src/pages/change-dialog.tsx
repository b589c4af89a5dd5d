import {
  CBS_CALLS,
  CLOUD_PLAN_PRICES,
  type CloudPackage,
  type CloudPlan,
  changeCloudPackageBodySchema,
  formatFen,
} from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Alert, confirm, FormDialog, FormField, message, RadioGroup, useZodForm } from '@vap/ui';
import { deviceName, planMove, upgradeEstimate, useAccountingDates } from '../cloud.js';
import { usePlanOptions, usePlanTerms } from './plan-options.js';
import { Refusal, useSendChange } from './refusal.js';

interface ChangePlanDialogProps {
  item: CloudPackage;
  onClose: () => void;
}

/**
 * Another plan for a running package (PUT packages/:id, the role's `buy` button). The dialog says
 * how the chosen plan takes effect: a larger one now, the difference for the rest of the month
 * charged at once (an estimate before, the server's `charged` after); a smaller one from next
 * month, after a confirmation; the current one cancels a change or a close planned for next month.
 */
export function ChangePlanDialog({ item, onClose }: ChangePlanDialogProps) {
  const t = useT('cbs');
  const cbs = useClient(CBS_CALLS);
  const dates = useAccountingDates();
  const terms = usePlanTerms();
  const form = useZodForm(changeCloudPackageBodySchema, { defaultValues: { plan: item.plan } });
  const { refusal, send } = useSendChange(onClose);
  const plan = form.watch('plan');
  const device = deviceName(item);
  const service = t(`services.${item.service}`);
  const planName = (value: CloudPlan) => t(`plans.${value}`);
  const nextMonth = dates.day(item.period_end);
  const planOptions = usePlanOptions(item.service, item.plan);
  const price = (value: CloudPlan) => formatFen(CLOUD_PLAN_PRICES[item.service][value]);

  let explanation: string;
  const shownMove = planMove(item.plan, plan);
  if (shownMove === 'upgrade') {
    explanation = t('change.upgrade', {
      amount: formatFen(upgradeEstimate(item, plan, Date.now())),
      price: price(plan),
    });
  } else if (shownMove === 'downgrade') {
    explanation = t('change.downgrade', {
      date: nextMonth,
      current: planName(item.plan),
      price: price(plan),
    });
  } else if (item.next_plan === 'closed') explanation = t('change.keepClosing', { plan: planName(plan) });
  else if (item.next_plan !== null) {
    explanation = t('change.keepPending', { plan: planName(plan), next: planName(item.next_plan) });
  } else explanation = t('change.unchanged');

  const submit = async ({ plan: chosen }: { plan: CloudPlan }) => {
    const move = planMove(item.plan, chosen);
    // Nothing changes: the same plan and nothing planned for next month.
    if (move === 'same' && item.next_plan === null) {
      onClose();
      return;
    }
    if (move === 'downgrade') {
      const confirmed = await confirm({
        title: t('change.downgradeTitle', { plan: planName(chosen) }),
        content: t('change.downgradeContent', {
          device,
          current: planName(item.plan),
          date: dates.lastDay(item.period_end),
          terms: terms(chosen),
        }),
        okText: t('change.downgradeOk'),
        cancelText: t('common.keep'),
      });
      if (!confirmed) return;
    }
    await send(async () => {
      const { charged } = await cbs.change(
        { params: { id: item.id }, body: { plan: chosen } },
        // Quiet: the dialog shows a refusal in place.
        { quiet: true },
      );
      if (move === 'upgrade') {
        message.success(t('change.upgraded', { plan: planName(chosen), charged: formatFen(charged) }));
      } else if (move === 'downgrade') {
        message.success(t('change.downgraded', { plan: planName(chosen), date: nextMonth }));
      } else message.success(t('change.kept', { plan: planName(chosen) }));
    });
  };

  return (
    <FormDialog
      form={form}
      title={t('change.title', { device, service })}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('change.submit')}
    >
      <FormField
        name="plan"
        label={t('columns.plan')}
        required
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={field.onChange}
            orientation="vertical"
            options={planOptions}
          />
        )}
      />
      <Alert>{explanation}</Alert>
      {refusal ? <Refusal error={refusal} onLeave={onClose} /> : null}
    </FormDialog>
  );
}
