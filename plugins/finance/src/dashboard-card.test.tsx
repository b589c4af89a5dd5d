import './test-support.js';
import { cleanup, screen, within } from '@testing-library/react';
import { FINANCE_PATHS } from '@vap/contracts';
import { renderWithKernel } from '@vap/kernel/testing';
import { afterEach, describe, expect, it } from 'vitest';
import BalanceCard from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import { callsTo, finance, sharedMessages, signedInUser } from './test-support.js';

afterEach(cleanup);

const renderCard = (recharge: boolean, answer: object = { body: finance() }) =>
  renderWithKernel(<BalanceCard />, {
    plugins: [plugin],
    user: signedInUser({ recharge }),
    messages: sharedMessages,
    path: '/dashboard',
    answers: { [`GET ${FINANCE_PATHS.finance}`]: answer },
  });

describe('the dashboard card "Balance"', () => {
  it('shows the balance and this month’s spending, with a link to the recharge page', async () => {
    await renderCard(true);
    const card = await screen.findByTestId('finance-card');
    expect(within(card).getByRole('heading', { name: en.card.title })).toBeTruthy();
    expect(await within(card).findByText('¥1,234.56')).toBeTruthy();
    expect(within(card).getByText('¥45.00')).toBeTruthy();
    expect(within(card).getByRole('link', { name: en.card.recharge }).getAttribute('href')).toBe(
      '/finance/recharge',
    );
    expect(within(card).queryByText(en.card.low)).toBeNull();
  });

  it('flags a low balance, and suspended services', async () => {
    await renderCard(true, { body: finance({ balance: 1_200, low_balance: true }) });
    expect(await within(await screen.findByTestId('finance-card')).findByText(en.card.low)).toBeTruthy();
    cleanup();
    await renderCard(true, { body: finance({ balance: 0, low_balance: true, suspended: true }) });
    expect(
      await within(await screen.findByTestId('finance-card')).findByText(en.card.suspended),
    ).toBeTruthy();
  });

  it('is not shown, and asks nothing, to a user without the recharge page', async () => {
    const { api } = await renderCard(false);
    // The card renders nothing; the fake router's fallback is all there is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('finance-card')).toBeNull();
    expect(callsTo(api.calls, 'GET', FINANCE_PATHS.finance)).toEqual([]);
  });

  it('says when the balance cannot be loaded', async () => {
    await renderCard(true, { status: 500, body: { code: 'internal', message: 'Server error' } });
    const card = await screen.findByTestId('finance-card');
    expect((await within(card).findByRole('alert')).textContent).toContain(en.card.loadFailed);
  });
});
