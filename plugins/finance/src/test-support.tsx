import '@vap/ui/test-polyfills';
import {
  type Consumption,
  decodeListParam,
  type Finance,
  type MenuItem,
  type Order,
  type RechargeOrder,
  type UserInfo,
  type Where,
} from '@vap/contracts';
import { messages, useKernel } from '@vap/kernel';
import { type Answers, type RecordedCall, renderPluginPage, testUser } from '@vap/kernel/testing';
import { DialogHost, message, Toaster, uiMessages } from '@vap/ui';
import { type ReactNode, useEffect } from 'react';
import { vi } from 'vitest';
import plugin from './index.js';

/** The console's strings and the design system's, as the console passes them. */
export const sharedMessages = [
  messages('translation', {
    en: () => import('../../../locales/en.json'),
    'zh-CN': () => import('../../../locales/zh-CN.json'),
    'zh-TW': () => import('../../../locales/zh-TW.json'),
  }),
  {
    ...messages('shell', {
      en: () => import('../../../locales/shell/en.json'),
      'zh-CN': () => import('../../../locales/shell/zh-CN.json'),
      'zh-TW': () => import('../../../locales/shell/zh-TW.json'),
    }),
    extendsDefault: true,
  },
  uiMessages,
];

/** What the console's shell does with a failed call (apps/console session-alerts): shows its message. */
function ServerMessages() {
  const { bus } = useKernel();
  useEffect(() => {
    const subscription = bus.subscribe('http.error', ({ message: text }) => message.error(text));
    return () => subscription.unsubscribe();
  }, [bus]);
  return null;
}

/** The dialog host, the toaster and the server's messages, as the console renders them. */
export const overlays = (
  <>
    <DialogHost />
    <Toaster />
    <ServerMessages />
  </>
);

export type PageOptions = NonNullable<Parameters<typeof renderPluginPage>[2]>;

/**
 * Renders a page of the plugin as the console does, with the console's strings, the dialogs, the
 * messages and `beside` next to it, answering `answers` unless the options answer otherwise.
 */
export function renderFinancePage(
  name: string,
  answers: Answers,
  options: PageOptions = {},
  beside: ReactNode = null,
) {
  return renderPluginPage(plugin, name, {
    messages: sharedMessages,
    beside: (
      <>
        {overlays}
        {beside}
      </>
    ),
    ...options,
    answers: { ...answers, ...options.answers },
  });
}

const listParam = <T,>(call: RecordedCall | undefined, name: 'wheres' | 'orders'): T[] => {
  const encoded = call?.query.get(name);
  return encoded ? (decodeListParam(encoded) as T[]) : [];
};
export const wheresOf = (call: RecordedCall | undefined) => listParam<Where>(call, 'wheres');
export const ordersOf = (call: RecordedCall | undefined) => listParam<Order>(call, 'orders');

/** The calls of one method and path, oldest first. */
export const callsTo = (calls: readonly RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

/** A page of a list, as the server answers it. */
export const pageOf = <T,>(items: readonly T[], total = items.length) => ({ body: { items, total } });

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

const menuItem = (
  partial: Partial<MenuItem> & Pick<MenuItem, 'id' | 'name' | 'type' | 'path'>,
): MenuItem => ({
  parent_id: 0,
  title: `menu.${partial.name}`,
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: partial.id,
  children: [],
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
      menuItem({ id: 1, name: 'dashboard', type: 'page', path: 'dashboard' }),
      ...(recharge
        ? [
            menuItem({
              id: 100,
              name: 'finance',
              type: 'dir',
              path: 'finance',
              children: [
                menuItem({ id: 101, parent_id: 100, name: 'recharge', type: 'page', path: 'recharge' }),
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
  menuItem({
    id: 200,
    name: 'finance',
    type: 'dir',
    path: 'finance',
    children: [
      menuItem({
        id: 201,
        parent_id: 200,
        name: 'invoice_record',
        type: 'page',
        path: 'invoice-record',
        children: buttons.map((name, index) =>
          menuItem({ id: 210 + index, parent_id: 201, name, type: 'btn', path: '' }),
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

/** Makes `document.visibilityState` answer `state` and tells the listeners. */
export function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}
