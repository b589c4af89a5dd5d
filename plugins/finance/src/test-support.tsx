import type { Consumption, Finance, MenuItem, RechargeOrder, UserInfo } from '@vap/contracts';
import { type Answers, type RenderPageOptions, testMenuItem, testUser } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import plugin from './index.js';

export type PageOptions = RenderPageOptions;

/**
 * Renders a page of the plugin as the console does (`@vap/ui/testing`), with `beside` next to it,
 * answering `answers` unless the options answer otherwise.
 */
export function renderFinancePage(
  name: string,
  answers: Answers,
  options: PageOptions = {},
  beside: ReactNode = null,
) {
  return renderConsolePage(plugin, name, answers, { ...options, beside });
}

export { pageOf } from '@vap/kernel/testing';

export const finance = (partial: Partial<Finance> = {}): Finance => ({
  balance: 123_456,
  month_spending: 4_500,
  low_balance_threshold: 10_000,
  low_balance: false,
  suspended: false,
  invoice: null,
  bank_transfer: {
    account_name: 'VAP Technology Co., Ltd.',
    bank_name: 'China Merchants Bank Shenzhen Branch',
    account_number: '7559 1234 5678 901',
    remark: 'VAP-C000001',
  },
  ...partial,
});

export const rechargeOrder = (
  partial: Partial<RechargeOrder> & Pick<RechargeOrder, 'id'>,
): RechargeOrder => ({
  number: `R${String(partial.id).padStart(12, '0')}`,
  amount: 10_000,
  state: 'pending',
  provider: 'development',
  pay_url: `/open-pages/dev-payment?token=token-${partial.id}`,
  created_at: '2026-03-02T09:30:00.000Z',
  expires_at: '2026-03-02T10:00:00.000Z',
  closed_at: null,
  ...partial,
});

export const charge = (partial: Partial<Consumption> & Pick<Consumption, 'id'>): Consumption => ({
  product: 'cloud_backup',
  amount: 3_000,
  balance_after: 120_456,
  reference: '12345678901320000011 2026-03',
  note: '',
  created_at: '2026-03-02T09:30:00.000Z',
  ...partial,
});

/**
 * A signed-in member (role 3) whose menu has the dashboard and, with `recharge`, the finance dir's
 * recharge page at /finance/recharge.
 */
export const signedInUser = ({ recharge }: { recharge: boolean }, partial: Partial<UserInfo> = {}) =>
  testUser({
    role_id: 3,
    menus: [
      testMenuItem({ id: 1, name: 'dashboard', type: 'page', path: 'dashboard' }),
      ...(recharge
        ? [
            testMenuItem({
              id: 100,
              name: 'finance',
              type: 'dir',
              path: 'finance',
              children: [
                testMenuItem({ id: 101, parent_id: 100, name: 'recharge', type: 'page', path: 'recharge' }),
              ],
            }),
          ]
        : []),
    ],
    ...partial,
  });

/**
 * The finance dir with the invoice records page and the role's `buttons` on it: what page
 * invoice_payment reads to offer asking an invoice (invoice_record's `apply`).
 */
export const invoiceRecordMenu = (buttons: readonly string[] = []): MenuItem =>
  testMenuItem({
    id: 200,
    name: 'finance',
    type: 'dir',
    path: 'finance',
    children: [
      testMenuItem({
        id: 201,
        parent_id: 200,
        name: 'invoice_record',
        type: 'page',
        path: 'invoice-record',
        children: buttons.map((name, index) =>
          testMenuItem({ id: 210 + index, parent_id: 201, name, type: 'btn', path: '' }),
        ),
      }),
    ],
  });

/** The window `window.open` gives, blank until sent to the payment page; null when blocked. */
export function stubWindowOpen(blocked = false) {
  const payment = { opener: window as unknown, close: vi.fn(), location: { replace: vi.fn() } };
  const open = vi.spyOn(window, 'open').mockReturnValue(blocked ? null : (payment as unknown as Window));
  return { open, payment };
}
