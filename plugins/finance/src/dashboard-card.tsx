import { ACCOUNTING_UTC_OFFSET_HOURS, formatFen } from '@vap/contracts';
import { useLanguage, useT } from '@vap/kernel';
import { PageSummaryCard, pageCard } from '@vap/plugin-dashboard/summary-card';
import { Tag } from '@vap/ui';
import { useMemo } from 'react';
import { FINANCE_KEY, RECHARGE_PAGE } from './finance-query.js';

/** Under FINANCE_KEY: whatever refreshes the balance (a recharge paid, a threshold saved) refreshes it. */
const CARD_KEY = [...FINANCE_KEY, 'card'] as const;

/** A day of the accounting calendar (UTC+8, whatever the viewer's zone), in the console's language. */
function useAccountingDay(): (iso: string) => string {
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return (iso: string) =>
      format.format(new Date(Date.parse(iso) + ACCOUNTING_UTC_OFFSET_HOURS * 3_600_000));
  }, [language]);
}

/**
 * The dashboard card "Balance" (GET finance/summary): the balance, this month's spending and the
 * next bill, flagged when low, suspended or not covering that bill, with a link to the recharge
 * page. Shown only to users whose menu has that page.
 */
function Balance({ to }: { to: string }) {
  const t = useT('finance');
  const day = useAccountingDay();
  return (
    <PageSummaryCard
      summary="finance"
      queryKey={CARD_KEY}
      title={t('card.title')}
      to={to}
      open={t('card.recharge')}
      failed={t('card.loadFailed')}
      loadingLines={2}
    >
      {(data) => {
        const date = day(data.next_bill_at);
        const uncovered = data.next_bill > 0 && data.balance < data.next_bill;
        return (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-3 gap-4">
              <div className="flex flex-col gap-1">
                <dt className="text-sm text-ink-soft">{t('card.balance')}</dt>
                <dd className="text-2xl font-medium text-ink">{formatFen(data.balance)}</dd>
                {data.suspended ? (
                  <dd>
                    <Tag tone="danger">{t('card.suspended')}</Tag>
                  </dd>
                ) : data.low_balance ? (
                  <dd>
                    <Tag tone="warning">{t('card.low')}</Tag>
                  </dd>
                ) : null}
              </div>
              <div className="flex flex-col gap-1">
                <dt className="text-sm text-ink-soft">{t('card.monthSpending')}</dt>
                <dd className="text-2xl font-medium text-ink">{formatFen(data.month_spending)}</dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="text-sm text-ink-soft">{t('card.nextBill')}</dt>
                <dd className="text-2xl font-medium text-ink">{formatFen(data.next_bill)}</dd>
                <dd className="text-xs text-ink-soft">
                  {data.next_bill > 0 ? t('card.nextBillOn', { date }) : t('card.nothingDue')}
                </dd>
              </div>
            </dl>
            {data.suspended ? (
              <p className="text-sm text-danger">{t('card.suspendedHint')}</p>
            ) : uncovered ? (
              <p className="text-sm text-warning">{t('card.notCovered', { date })}</p>
            ) : null}
          </div>
        );
      }}
    </PageSummaryCard>
  );
}

export default pageCard(RECHARGE_PAGE, Balance);
