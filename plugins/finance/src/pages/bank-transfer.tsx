import type { UseQueryResult } from '@tanstack/react-query';
import type { Finance } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Alert, Card, Descriptions, Skeleton } from '@vap/ui';

/**
 * Recharge by bank transfer (spec §9): where to send it and the remark that matches it to the
 * company; the operator credits it (`finance:credit`) in about 2 working days.
 */
export function BankTransfer({ finance }: { finance: UseQueryResult<Finance> }) {
  const t = useT('finance');
  const bank = finance.data?.bank_transfer;
  return (
    <Card title={t('bank.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-ink-soft">{t('bank.intro')}</p>
        {bank ? (
          <Descriptions
            bordered
            columns={1}
            items={[
              { key: 'name', label: t('bank.accountName'), value: bank.account_name },
              { key: 'bank', label: t('bank.bankName'), value: bank.bank_name },
              {
                key: 'number',
                label: t('bank.accountNumber'),
                value: <span className="font-mono">{bank.account_number}</span>,
              },
              {
                key: 'remark',
                label: t('bank.remark'),
                value: <span className="font-mono font-medium">{bank.remark}</span>,
              },
            ]}
          />
        ) : finance.isPending ? (
          <Skeleton lines={4} />
        ) : null}
        <Alert>{t('bank.credit')}</Alert>
      </div>
    </Card>
  );
}
