import './test-support.js';
import { within } from '@testing-library/react';
import { FINANCE_PATHS, type FinanceSummary } from '@vap/contracts';
import { type Answer, contributionsFor, refusal } from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { dashboardCard, findFigure } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import BalanceCard from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';
import { signedInUser } from './test-support.js';

/** What GET finance/summary answers; the next bill falls on 1 December (00:00 in UTC+8). */
const summary = (partial: Partial<FinanceSummary> = {}): FinanceSummary => ({
  balance: 123_456,
  month_spending: 4_500,
  next_bill: 9_500,
  next_bill_at: '2026-11-30T16:00:00.000Z',
  low_balance: false,
  suspended: false,
  ...partial,
});

const balanceCard = dashboardCard({
  card: <BalanceCard />,
  plugin,
  testId: 'finance-card',
  summary: FINANCE_PATHS.summary,
});
const renderCard = (
  recharge: boolean,
  answer: Answer = { body: summary() },
  language: 'en' | 'zh-CN' | 'zh-TW' = 'en',
) => balanceCard.render(answer, { user: signedInUser({ recharge }), language });

describe('the dashboard card "Balance"', () => {
  it('shows the balance, this month’s spending and the next bill with its day, and links to the recharge page', async () => {
    await renderCard(true);
    const card = await balanceCard.find();
    expect(within(card).getByRole('heading', { name: en.card.title })).toBeTruthy();
    await within(card).findByText('¥1,234.56');
    expect(await findFigure(card, en.card.balance)).toBe('¥1,234.56');
    expect(await findFigure(card, en.card.monthSpending)).toBe('¥45.00');
    expect(await findFigure(card, en.card.nextBill)).toBe('¥95.00');
    expect(within(card).getByText('On Dec 1, 2026, for the monthly services')).toBeTruthy();
    expect(within(card).getByRole('link', { name: en.card.recharge }).getAttribute('href')).toBe(
      '/finance/recharge',
    );
    expect(within(card).queryByText(en.card.low)).toBeNull();
    expect(within(card).queryByText(/does not cover/)).toBeNull();
  });

  it('says when nothing is due next month', async () => {
    await renderCard(true, { body: summary({ next_bill: 0 }) });
    const card = await balanceCard.find();
    expect(await within(card).findByText(en.card.nothingDue)).toBeTruthy();
  });

  it('warns before: a balance that does not cover the next bill says by when to recharge (spec §4.3)', async () => {
    await renderCard(true, { body: summary({ balance: 5_000, low_balance: true }) });
    const card = await balanceCard.find();
    expect(await within(card).findByText(en.card.low)).toBeTruthy();
    expect(
      within(card).getByText(
        'The balance does not cover the next bill: recharge before Dec 1, 2026, or the services it pays for are suspended.',
      ),
    ).toBeTruthy();
  });

  it('and after: suspended services say how they resume', async () => {
    await renderCard(true, { body: summary({ balance: 0, low_balance: true, suspended: true }) });
    const card = await balanceCard.find();
    expect(await within(card).findByText(en.card.suspended)).toBeTruthy();
    expect(within(card).getByText(en.card.suspendedHint)).toBeTruthy();
  });

  it('is not shown, and asks nothing, to a user without the recharge page', async () => {
    const { api } = await renderCard(false);
    // The card renders nothing; the fake router's fallback is all there is.
    expect(await balanceCard.shownAfterAMoment()).toBe(false);
    expect(balanceCard.summaryCalls(api)).toEqual([]);
  });

  it('says when the balance cannot be loaded, and Retry asks again', async () => {
    const { api } = await renderCard(true, refusal(500, { code: 'internal', message: 'Server error' }));
    const card = await balanceCard.find();
    expect((await balanceCard.findAlert()).textContent).toContain(en.card.loadFailed);
    await balanceCard.retry(api, { body: summary() }, en.common.retry);
    expect(await within(card).findByText('¥1,234.56')).toBeTruthy();
    expect(balanceCard.summaryCalls(api)).toHaveLength(2);
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks %s', async (language, words) => {
    await renderCard(true, { body: summary() }, language);
    const card = await balanceCard.find();
    expect(within(card).getByRole('heading', { name: words.card.title })).toBeTruthy();
    expect(await within(card).findByText(words.card.nextBill)).toBeTruthy();
    expect(within(card).getByRole('link', { name: words.card.recharge })).toBeTruthy();
  });

  it('is contributed for the recharge page', async () => {
    const cards = await contributionsFor(DashboardCards, {
      plugins: [plugin],
      user: signedInUser({ recharge: true }),
    });
    expect(cards.map((card) => [card.id, card.value.page])).toEqual([['finance-balance', 'recharge']]);
  });
});
