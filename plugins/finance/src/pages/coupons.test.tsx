import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Coupon, FINANCE_PATHS } from '@vap/contracts';
import { callsTo, wheresOf } from '@vap/kernel/testing';
import { choose, findRow } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { type PageOptions, pageOf, renderFinancePage } from '../test-support.js';

const coupon = (partial: Partial<Coupon> & Pick<Coupon, 'id' | 'code'>): Coupon => ({
  value: 1_000,
  source: 'campaign',
  state: 'unused',
  valid_from: '2026-11-01T00:00:00.000Z',
  valid_until: '2027-02-01T00:00:00.000Z',
  used_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  transfer: null,
  ...partial,
});
const unused = coupon({ id: 1, code: 'VAAAAAAAAAA' });
const failed = coupon({
  id: 2,
  code: 'VBBBBBBBBBB',
  value: 5_000,
  transfer: {
    id: 7,
    to_company_id: 9,
    to_company_name: 'Downstream Ltd',
    state: 'failed',
    reason: 'not_cooperating',
    requested_at: '2026-11-20T00:00:00.000Z',
    done_at: '2026-11-20T00:01:00.000Z',
  },
});
const used = coupon({ id: 3, code: 'VCCCCCCCCCC', state: 'used', used_at: '2026-11-21T00:00:00.000Z' });

const renderCoupons = (options: PageOptions = {}) =>
  renderFinancePage(
    'coupon',
    {
      [`GET ${FINANCE_PATHS.coupons}`]: pageOf([unused, failed, used]),
      [`GET ${FINANCE_PATHS.couponTargets}`]: { body: { items: [{ id: 9, name: 'Downstream Ltd' }] } },
    },
    options,
  );
const table = () => screen.findByRole('table', { name: en.coupons.title });
const rowOf = (code: string) => findRow(en.coupons.title, code);

describe('coupon', () => {
  it('lists each voucher with its value, source, state and latest transfer with the reason it failed', async () => {
    await renderCoupons();
    const row = await rowOf('VBBBBBBBBBB');
    expect(within(row).getByText('¥50.00')).toBeTruthy();
    expect(within(row).getByText(en.coupons.sources.campaign)).toBeTruthy();
    expect(within(row).getByText(en.coupons.states.unused)).toBeTruthy();
    expect(within(row).getByText('Downstream Ltd · failed · no longer a first-level customer')).toBeTruthy();
    // Only a usable voucher has actions.
    expect(within(await rowOf('VCCCCCCCCCC')).queryByRole('button')).toBeNull();
  });

  it('redeems a voucher into the balance after a confirmation', async () => {
    const { api } = await renderCoupons({
      answers: { [`POST ${FINANCE_PATHS.couponRedeem(1)}`]: { body: { ...unused, state: 'used' } } },
    });
    await userEvent.click(
      within(await rowOf('VAAAAAAAAAA')).getByRole('button', { name: en.coupons.redeem }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/¥10\.00 is added to the balance/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.coupons.redeem }));
    expect(await screen.findByText('¥10.00 added to the balance')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.couponRedeem(1))).toHaveLength(1);
  });

  it('transfers a voucher to a first-level customer, credited within 24 hours', async () => {
    const { api } = await renderCoupons({
      roleId: 4,
      buttons: ['transfer'],
      answers: {
        [`POST ${FINANCE_PATHS.couponTransfer(1)}`]: { body: { ...unused, state: 'transferring' } },
      },
    });
    await userEvent.click(
      within(await rowOf('VAAAAAAAAAA')).getByRole('button', { name: en.coupons.transferAction }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Transfer voucher VAAAAAAAAAA' });
    expect(within(dialog).getByText(/credited to their balance within 24 hours/)).toBeTruthy();
    await choose(dialog, en.coupons.target, 'Downstream Ltd');
    await userEvent.click(within(dialog).getByRole('button', { name: /OK|Save|Submit|Confirm/ }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', FINANCE_PATHS.couponTransfer(1))).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.couponTransfer(1))[0]?.body).toEqual({ company_id: 9 });
    expect(await screen.findByText('Transfer requested: credited within 24 hours')).toBeTruthy();
  });

  it('hides Transfer from a role without the transfer button; Redeem stays', async () => {
    await renderCoupons({ roleId: 4, buttons: [] });
    const row = await rowOf('VAAAAAAAAAA');
    expect(within(row).queryByRole('button', { name: en.coupons.transferAction })).toBeNull();
    expect(within(row).getByRole('button', { name: en.coupons.redeem })).toBeTruthy();
  });

  it('filters by state and code as wheres', async () => {
    const { api } = await renderCoupons();
    await table();
    await userEvent.type(screen.getByRole('searchbox', { name: en.coupons.code }), 'VAA');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => {
      const last = callsTo(api.calls, 'GET', FINANCE_PATHS.coupons).at(-1);
      expect(wheresOf(last)).toEqual([{ k: 'code', o: 'like', v: 'VAA' }]);
    });
  });
});
