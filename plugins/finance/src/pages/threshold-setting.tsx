import { useQueryClient } from '@tanstack/react-query';
import { FINANCE_CALLS, type Finance, lowBalanceFormSchema, yuanText } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Card, message, saveForm, useZodForm } from '@vap/ui';
import { FINANCE_KEY } from '../finance-query.js';
import { YuanForm } from './yuan-form.js';

/**
 * The low-balance warning's threshold, typed in yuan and saved in fen (PUT /finance): the balance
 * panel, the dashboard card and the top bar take the answer at once.
 */
export function ThresholdSetting({ finance }: { finance: Finance | undefined }) {
  const t = useT('finance');
  return (
    <Card title={t('threshold.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-soft">{t('threshold.intro')}</p>
        {finance ? (
          // A new saved value starts the form afresh.
          <ThresholdForm key={finance.low_balance_threshold} threshold={finance.low_balance_threshold} />
        ) : null}
      </div>
    </Card>
  );
}

function ThresholdForm({ threshold }: { threshold: number }) {
  const t = useT('finance');
  const finance = useClient(FINANCE_CALLS);
  const queryClient = useQueryClient();
  const form = useZodForm(lowBalanceFormSchema, {
    defaultValues: { low_balance_threshold: yuanText(threshold) },
  });
  const submit = ({ low_balance_threshold }: { low_balance_threshold: number }) =>
    saveForm(
      form,
      () => finance.updateFinance({ body: { low_balance_threshold } }),
      (saved) => {
        queryClient.setQueryData(FINANCE_KEY, saved);
        message.success(t('threshold.saved'));
      },
    );
  const texts = { form: t('threshold.form'), label: t('threshold.label'), hint: t('threshold.hint') };
  return (
    <YuanForm form={form} onSubmit={submit} name="low_balance_threshold" texts={texts}>
      {t('threshold.save')}
    </YuanForm>
  );
}
