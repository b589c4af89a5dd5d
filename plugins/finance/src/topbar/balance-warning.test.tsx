import '../test-support.js';
import { screen } from '@testing-library/react';
import { FINANCE_PATHS } from '@vap/contracts';
import { callsTo, renderWithKernel } from '@vap/kernel/testing';
import { sharedMessages } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import zhCN from '../locales/zh-CN.json';
import { finance, signedInUser } from '../test-support.js';
import BalanceWarning from './balance-warning.js';

const renderWarning = (
  recharge: boolean,
  figures = finance({ balance: 1_200, low_balance: true }),
  language: 'en' | 'zh-CN' = 'en',
) =>
  renderWithKernel(
    <div data-testid="topbar">
      <BalanceWarning />
    </div>,
    {
      plugins: [plugin],
      user: signedInUser({ recharge }),
      messages: sharedMessages,
      language,
      path: '/dashboard',
      answers: { [`GET ${FINANCE_PATHS.finance}`]: { body: figures } },
    },
  );

/** Lets the balance's answer arrive before checking that nothing shows. */
async function settled(api: { calls: Parameters<typeof callsTo>[0] }) {
  await screen.findByTestId('topbar');
  await new Promise((resolve) => setTimeout(resolve, 50));
  return callsTo(api.calls, 'GET', FINANCE_PATHS.finance);
}

describe('the top bar balance warning', () => {
  it('under the threshold, a chip with the balance leads to the recharge page', async () => {
    await renderWarning(true);
    const chip = await screen.findByTestId('balance-warning');
    expect(chip.textContent).toBe('Balance low ¥12.00 · Recharge');
    expect(chip.getAttribute('href')).toBe('/finance/recharge');
  });

  it('says when paid services are suspended', async () => {
    await renderWarning(true, finance({ balance: 0, low_balance: true, suspended: true }));
    expect((await screen.findByTestId('balance-warning')).textContent).toBe(
      'Services suspended ¥0.00 · Recharge',
    );
  });

  it('shows nothing while the balance is above the threshold', async () => {
    const { api } = await renderWarning(true, finance());
    expect(await settled(api)).toHaveLength(1);
    expect(screen.queryByTestId('balance-warning')).toBeNull();
  });

  it('shows nothing, and asks nothing, to a user without the recharge page', async () => {
    const { api } = await renderWarning(false);
    expect(await settled(api)).toEqual([]);
    expect(screen.queryByTestId('balance-warning')).toBeNull();
  });

  it('speaks the language the user chose', async () => {
    await renderWarning(true, undefined, 'zh-CN');
    expect((await screen.findByTestId('balance-warning')).textContent).toBe(
      `余额不足 ¥12.00 · ${zhCN.topbar.recharge}`,
    );
  });
});
