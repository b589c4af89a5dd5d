import '@vap/ui/test-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRS_PATHS, type PrsUsage } from '@vap/contracts';
import { callsTo, refusal, testMenuItem } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { renderPrsPage } from '../test-support.js';

const usage: PrsUsage = {
  month: '2026-11',
  tiers: [
    { from: 1, up_to: 10_000, price_fen: 10, calls: 10_000, amount: 100_000 },
    { from: 10_001, up_to: 100_000, price_fen: 8, calls: 10, amount: 80 },
    { from: 100_001, up_to: 1_000_000, price_fen: 4, calls: 0, amount: 0 },
    { from: 1_000_001, up_to: null, price_fen: 2, calls: 0, amount: 0 },
  ],
  days: [{ day: '2026-11-20', package_calls: 3, per_call_calls: 10_010, amount: 100_080 }],
  package_calls: 3,
  per_call_calls: 10_010,
  amount: 100_080,
};
const pack = {
  id: 1,
  number: 'P20261120000001',
  offer: 'calls_10k',
  calls: 10_000,
  used: 3,
  remaining: 9_997,
  amount: 80_000,
  created_at: '2026-11-20T04:00:00.000Z',
  expires_at: '2027-11-20T04:00:00.000Z',
};
const call = {
  id: 1,
  at: '2026-11-20T04:00:00.000Z',
  plate: '沪A12345',
  type: 'small_vehicle',
  color: 'blue',
  billing: 'per_call',
  amount: 10,
};
const answers = {
  [`GET ${PRS_PATHS.usage}`]: { body: usage },
  [`GET ${PRS_PATHS.packages}`]: { body: { items: [pack] } },
  [`GET ${PRS_PATHS.calls}`]: { body: { items: [call], total: 1 } },
};
const rechargeMenu = testMenuItem({
  name: 'finance',
  type: 'dir',
  path: 'finance',
  children: [testMenuItem({ name: 'recharge', type: 'page', path: 'recharge' })],
});

describe('the service detail page (spec §2.3 prs_detail)', () => {
  it("shows the month's tiers with their calls and cost, the days, the packages and the calls", async () => {
    await renderPrsPage('prs_detail', answers);
    expect(await screen.findByText('Calls 10,001–100,000')).toBeTruthy();
    expect(screen.getByText('Calls from 1,000,001')).toBeTruthy();
    expect(screen.getByText('¥1,000.00')).toBeTruthy();
    expect(screen.getByText('¥0.80')).toBeTruthy();
    expect(await screen.findByText('2026-11-20')).toBeTruthy();
    expect(screen.getByText('P20261120000001')).toBeTruthy();
    expect(screen.getByText('9,997')).toBeTruthy();
    expect(screen.getByText('2027-11-20')).toBeTruthy();
    expect(await screen.findByText('沪A12345')).toBeTruthy();
    // The days' column and the call's billing.
    expect(screen.getAllByText('Per call')).toHaveLength(2);
  });

  it('buys a package with one request id per purchase, repeated on a retry', async () => {
    let fail = true;
    const { api } = await renderPrsPage('prs_detail', {
      ...answers,
      [`POST ${PRS_PATHS.packages}`]: () =>
        fail
          ? refusal(500, { code: 'internal', message: 'Database unavailable' })
          : { status: 201, body: pack },
    });
    const buy = await screen.findByRole('button', { name: /10,000 calls for ¥800\.00/ });
    await userEvent.click(buy);
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.click(buy);
    expect(await screen.findByText('Package P20261120000001 bought')).toBeTruthy();
    const sent = callsTo(api.calls, 'POST', PRS_PATHS.packages).map((one) => one.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({ offer: 'calls_10k', request_id: expect.any(String) });
    expect(sent[1]).toEqual(sent[0]);
  });

  it('a balance too low says so with the way to recharge', async () => {
    await renderPrsPage(
      'prs_detail',
      {
        ...answers,
        [`POST ${PRS_PATHS.packages}`]: refusal(409, {
          code: 'balance_insufficient',
          message: 'Balance insufficient: please recharge',
        }),
      },
      { extraMenus: [rechargeMenu] },
    );
    await userEvent.click(await screen.findByRole('button', { name: /100,000 calls/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Balance insufficient: please recharge');
    expect(within(alert).getByRole('link', { name: en.detail.recharge })).toBeTruthy();
  });

  it('offers buying and the export only to a role with those buttons', async () => {
    await renderPrsPage('prs_detail', answers, { roleId: 4, buttons: [] });
    await screen.findByText('沪A12345');
    await waitFor(() => expect(screen.queryByRole('button', { name: /calls for/ })).toBeNull());
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
  });
});
