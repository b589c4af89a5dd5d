import '../test-support.js';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINANCE_PATHS, type RechargeOrder, type RechargeState } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal, wheresOf } from '@vap/kernel/testing';
import { choose, findRow, setVisibility } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import {
  finance,
  type PageOptions,
  pageOf,
  rechargeOrder,
  renderFinancePage,
  stubWindowOpen,
} from '../test-support.js';
import BalanceWarning from '../topbar/balance-warning.js';
import { RECHARGE_POLL_MS } from './online-recharge.js';

const AMOUNT_RULE = 'The amount is more than 0 and at most 999,999.99, with at most two decimals';

beforeEach(() => {
  // Fake timers that still move with the clock: the poll is stepped, the rest runs as usual.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  setVisibility('visible');
  vi.restoreAllMocks();
});

const paidOrder = rechargeOrder({
  id: 2,
  amount: 20_000,
  state: 'paid',
  pay_url: '',
  closed_at: '2026-03-01T09:40:00.000Z',
});
const waitingOrder = rechargeOrder({ id: 3, amount: 8_800 });

const renderRecharge = (options: PageOptions = {}) =>
  renderFinancePage(
    'recharge',
    {
      [`GET ${FINANCE_PATHS.finance}`]: { body: finance() },
      [`GET ${FINANCE_PATHS.recharges}`]: pageOf([waitingOrder, paidOrder]),
    },
    options,
  );

const ordersTable = () => screen.findByRole('table', { name: en.orders.title });
const rowOf = (number: string) => findRow(en.orders.title, number);
const listCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', FINANCE_PATHS.recharges);

async function recharge(amount: string) {
  const form = await screen.findByRole('form', { name: en.recharge.form });
  const field = within(form).getByLabelText(en.recharge.amount);
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  await userEvent.click(within(form).getByRole('button', { name: en.recharge.submit }));
}

describe('recharge: the balance', () => {
  it('shows the balance, this month’s spending and the warning threshold, in yuan from fen', async () => {
    await renderRecharge();
    const panel = await screen.findByTestId('finance-balance');
    expect(await within(panel).findByText('¥1,234.56')).toBeTruthy();
    expect(within(panel).getByText('¥45.00')).toBeTruthy();
    expect(within(panel).getByText('¥100.00')).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('warns when the balance is under the threshold', async () => {
    await renderRecharge({
      answers: { [`GET ${FINANCE_PATHS.finance}`]: { body: finance({ balance: 1_200, low_balance: true }) } },
    });
    const panel = await screen.findByTestId('finance-balance');
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The balance is below your warning threshold of ¥100.00: recharge to keep paid services running.',
    );
  });

  it('says when paid services are suspended', async () => {
    await renderRecharge({
      answers: {
        [`GET ${FINANCE_PATHS.finance}`]: {
          body: finance({ balance: 0, low_balance: true, suspended: true }),
        },
      },
    });
    const panel = await screen.findByTestId('finance-balance');
    expect((await within(panel).findByRole('alert')).textContent).toBe(en.balance.suspended);
  });

  it('a balance that fails to load says why and offers a retry', async () => {
    const { api } = await renderRecharge({
      answers: {
        [`GET ${FINANCE_PATHS.finance}`]: refusal(500, { code: 'internal', message: 'Server error' }),
      },
    });
    const panel = await screen.findByTestId('finance-balance');
    expect((await within(panel).findByRole('alert')).textContent).toContain(
      'The balance could not be loaded: Server error',
    );
    api.answers[`GET ${FINANCE_PATHS.finance}`] = { body: finance() };
    await userEvent.click(within(panel).getByRole('button', { name: en.common.retry }));
    expect(await within(panel).findByText('¥1,234.56')).toBeTruthy();
  });

  it('speaks the language the user chose', async () => {
    await renderRecharge({ language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: zhCN.balance.title })).toBeTruthy();
    expect(screen.getByRole('form', { name: zhCN.recharge.form })).toBeTruthy();
  });
});

describe('recharge: the amount (rechargeAmountTextSchema)', () => {
  it.each(['0', '1000000', '1.234'])('refuses %s without asking the server', async (amount) => {
    const open = vi.spyOn(window, 'open');
    const { api } = await renderRecharge();
    await recharge(amount);
    expect(await screen.findByText(AMOUNT_RULE)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.recharges)).toEqual([]);
    expect(open).not.toHaveBeenCalled();
  });

  it('accepts 999999.99 and orders 99,999,999 fen', async () => {
    stubWindowOpen();
    const { api } = await renderRecharge({
      answers: {
        [`POST ${FINANCE_PATHS.recharges}`]: {
          status: 201,
          body: rechargeOrder({ id: 9, amount: 99_999_999 }),
        },
      },
    });
    await recharge('999999.99');
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', FINANCE_PATHS.recharges)[0]?.body).toEqual({ amount: 99_999_999 }),
    );
    expect(screen.queryByText(AMOUNT_RULE)).toBeNull();
  });
});

describe('recharge: paying online', () => {
  const created = rechargeOrder({ id: 7, amount: 5_000 });
  /** The server's answers while the payer pays in the other window: `state` is the order's now. */
  function payingServer() {
    const server = { state: 'pending' as RechargeState };
    const order = (): RechargeOrder =>
      server.state === 'pending'
        ? created
        : { ...created, state: server.state, pay_url: '', closed_at: '2026-03-02T09:35:00.000Z' };
    const answers = {
      [`POST ${FINANCE_PATHS.recharges}`]: { status: 201, body: created },
      [`GET ${FINANCE_PATHS.recharge(7)}`]: () => ({ body: order() }),
      [`GET ${FINANCE_PATHS.finance}`]: () => ({
        body: finance(server.state === 'paid' ? { balance: 6_200 } : { balance: 1_200, low_balance: true }),
      }),
      [`GET ${FINANCE_PATHS.recharges}`]: () => pageOf([order(), paidOrder]),
    };
    return { server, answers };
  }

  it('creating an order opens its pay_url in a new window cut from the console', async () => {
    const { open, payment } = stubWindowOpen();
    const { answers } = payingServer();
    const { api } = await renderRecharge({ answers });
    await recharge('50');
    // Opened blank while the submit counts as the user's action, so that no pop-up blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(payment.location.replace).toHaveBeenCalledWith(
        new URL(created.pay_url, window.location.href).href,
      ),
    );
    expect(payment.opener).toBeNull();
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.recharges)[0]?.body).toEqual({ amount: 5_000 });
    const followed = await screen.findByRole('region', { name: 'Order R000000000007 of ¥50.00' });
    expect(within(followed).getByText(en.recharge.waiting)).toBeTruthy();
    expect(within(followed).getByRole('link', { name: en.recharge.payAgain }).getAttribute('href')).toBe(
      created.pay_url,
    );
  });

  it('shows a WeChat Pay order as a QR code on the page, opening no window, and no pay link in the orders', async () => {
    const { open, payment } = stubWindowOpen();
    const scanned = { ...created, provider: 'wechatpay', pay_url: 'weixin://wxpay/bizpayurl?pr=abc123' };
    const answers = {
      [`POST ${FINANCE_PATHS.recharges}`]: { status: 201, body: scanned },
      [`GET ${FINANCE_PATHS.recharge(7)}`]: { body: scanned },
      [`GET ${FINANCE_PATHS.finance}`]: { body: finance() },
      [`GET ${FINANCE_PATHS.recharges}`]: pageOf([scanned, paidOrder]),
    };
    await renderRecharge({ answers });
    await recharge('50');
    const followed = await screen.findByRole('region', { name: 'Order R000000000007 of ¥50.00' });
    // The QR code image, drawn by the lazily loaded library, carries the address to scan.
    const image = (await within(followed).findByRole('img', {
      name: 'WeChat Pay QR code of order R000000000007',
    })) as HTMLImageElement;
    expect(image.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(within(followed).getByText(en.recharge.scanToPay)).toBeTruthy();
    expect(within(followed).getByText(en.recharge.waitingScan)).toBeTruthy();
    expect(within(followed).queryByRole('link', { name: en.recharge.payAgain })).toBeNull();
    // The window opened while the submit counted as the user's action is closed, never sent anywhere.
    expect(open).toHaveBeenCalled();
    expect(payment.close).toHaveBeenCalled();
    expect(payment.location.replace).not.toHaveBeenCalled();
    const row = await rowOf(scanned.number);
    expect(within(row).queryByRole('link', { name: `Pay order ${scanned.number}` })).toBeNull();
  });

  it('follows the order every 2 s until it is paid, then refreshes the balance, the orders and the top bar', async () => {
    stubWindowOpen();
    const { server, answers } = payingServer();
    const { api } = await renderFinancePage('recharge', answers, {}, <BalanceWarning />);
    expect(await screen.findByTestId('balance-warning')).toBeTruthy();
    await recharge('50');
    await screen.findByText(en.recharge.waiting);
    const asked = () => callsTo(api.calls, 'GET', FINANCE_PATHS.recharge(7)).length;
    await act(() => vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS));
    await waitFor(() => expect(asked()).toBe(1));
    const balances = callsTo(api.calls, 'GET', FINANCE_PATHS.finance).length;
    const lists = listCalls(api.calls).length;

    server.state = 'paid';
    await act(() => vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS));
    const outcome = 'Order R000000000007 is paid: ¥50.00 was added to the balance.';
    expect((await screen.findAllByText(outcome)).length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', FINANCE_PATHS.finance).length).toBeGreaterThan(balances),
    );
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThan(lists));
    const panel = screen.getByTestId('finance-balance');
    expect(await within(panel).findByText('¥62.00')).toBeTruthy();
    // No longer low: the top bar's warning goes.
    await waitFor(() => expect(screen.queryByTestId('balance-warning')).toBeNull());
    // A closed order is not asked again.
    const settled = asked();
    await act(() => vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS * 3));
    expect(asked()).toBe(settled);
  });

  it('says when the followed order expired unpaid', async () => {
    stubWindowOpen();
    const { server, answers } = payingServer();
    await renderRecharge({ answers });
    await recharge('50');
    await screen.findByText(en.recharge.waiting);
    server.state = 'expired';
    await act(() => vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS));
    expect(await screen.findByText('Order R000000000007 expired before it was paid.')).toBeTruthy();
  });

  it('asks nothing while the browser tab is hidden, and catches up when it is shown', async () => {
    stubWindowOpen();
    const { answers } = payingServer();
    const { api } = await renderRecharge({ answers });
    await recharge('50');
    await screen.findByText(en.recharge.waiting);
    const asked = () => callsTo(api.calls, 'GET', FINANCE_PATHS.recharge(7)).length;
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS * 3));
    expect(asked()).toBe(0);
    setVisibility('visible');
    await waitFor(() => expect(asked()).toBe(1));
  });

  it('a blocked pop-up still places the order, and says to open the payment page with the link', async () => {
    stubWindowOpen(true);
    const { answers } = payingServer();
    await renderRecharge({ answers });
    await recharge('50');
    expect(await screen.findByText(en.recharge.popupBlocked)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.recharge.payAgain })).toBeTruthy();
  });

  it('a refused order closes the window it opened, and the console shows the server’s message', async () => {
    const { payment } = stubWindowOpen();
    await renderRecharge({
      answers: {
        [`POST ${FINANCE_PATHS.recharges}`]: refusal(503, {
          code: 'payment_unavailable',
          message: 'Online payment is not available now',
        }),
      },
    });
    await recharge('50');
    expect(await screen.findByText('Online payment is not available now')).toBeTruthy();
    expect(payment.close).toHaveBeenCalled();
    expect(payment.location.replace).not.toHaveBeenCalled();
  });

  it('hides the form and Cancel from a role without the recharge button, keeping Pay', async () => {
    await renderRecharge({ roleId: 4, buttons: [] });
    const row = await rowOf(waitingOrder.number);
    expect(await screen.findByText(en.recharge.notPermitted)).toBeTruthy();
    expect(screen.queryByRole('form', { name: en.recharge.form })).toBeNull();
    expect(within(row).queryByRole('button', { name: en.orders.cancel })).toBeNull();
    expect(within(row).getByRole('link', { name: `Pay order ${waitingOrder.number}` })).toBeTruthy();
  });

  it('a member with the recharge button may place orders', async () => {
    await renderRecharge({ roleId: 4, buttons: ['recharge'] });
    expect(await screen.findByRole('form', { name: en.recharge.form })).toBeTruthy();
  });
});

describe('recharge: the orders', () => {
  it('lists the orders with their amount and state, Pay and Cancel only for a pending one', async () => {
    await renderRecharge();
    const waiting = await rowOf(waitingOrder.number);
    expect(within(waiting).getByText('¥88.00')).toBeTruthy();
    expect(within(waiting).getByText(en.states.pending)).toBeTruthy();
    expect(
      within(waiting)
        .getByRole('link', { name: `Pay order ${waitingOrder.number}` })
        .getAttribute('href'),
    ).toBe(waitingOrder.pay_url);
    const paid = await rowOf(paidOrder.number);
    expect(within(paid).getByText(en.states.paid)).toBeTruthy();
    expect(within(paid).queryByRole('link')).toBeNull();
    expect(within(paid).queryByRole('button', { name: en.orders.cancel })).toBeNull();
  });

  it('the state filter becomes a where', async () => {
    const { api } = await renderRecharge();
    await ordersTable();
    const filters = screen.getByRole('form', { name: en.orders.filters });
    await choose(filters, en.orders.state, en.states.expired);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'state', o: '=', v: 'expired' }]),
    );
  });

  it('Cancel asks for confirmation first; keeping the order sends nothing', async () => {
    const { api } = await renderRecharge();
    await userEvent.click(
      within(await rowOf(waitingOrder.number)).getByRole('button', { name: en.orders.cancel }),
    );
    const question = await screen.findByRole('alertdialog', { name: `Cancel order ${waitingOrder.number}?` });
    expect(within(question).getByText(/The order of ¥88\.00 can no longer be paid/)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: en.common.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.rechargeCancel(waitingOrder.id))).toEqual([]);
  });

  it('a confirmed Cancel cancels the order and loads the list again', async () => {
    const { api } = await renderRecharge({
      answers: {
        [`POST ${FINANCE_PATHS.rechargeCancel(waitingOrder.id)}`]: {
          body: { ...waitingOrder, state: 'cancelled', pay_url: '' },
        },
      },
    });
    await userEvent.click(
      within(await rowOf(waitingOrder.number)).getByRole('button', { name: en.orders.cancel }),
    );
    const question = await screen.findByRole('alertdialog', { name: `Cancel order ${waitingOrder.number}?` });
    const listed = listCalls(api.calls).length;
    await userEvent.click(within(question).getByRole('button', { name: en.orders.cancelOk }));
    expect(await screen.findByText(`Order ${waitingOrder.number} cancelled`)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.rechargeCancel(waitingOrder.id))).toHaveLength(1);
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThan(listed));
  });

  it('an order closed meanwhile shows the server’s refusal', async () => {
    await renderRecharge({
      answers: {
        [`POST ${FINANCE_PATHS.rechargeCancel(waitingOrder.id)}`]: refusal(409, {
          code: 'order_closed',
          message: 'The order is already paid, cancelled or expired',
        }),
      },
    });
    await userEvent.click(
      within(await rowOf(waitingOrder.number)).getByRole('button', { name: en.orders.cancel }),
    );
    const question = await screen.findByRole('alertdialog');
    await userEvent.click(within(question).getByRole('button', { name: en.orders.cancelOk }));
    expect(await screen.findByText('The order is already paid, cancelled or expired')).toBeTruthy();
  });

  it('Pay reopens a pending order’s payment page and follows that order', async () => {
    const { api } = await renderRecharge({
      answers: { [`GET ${FINANCE_PATHS.recharge(waitingOrder.id)}`]: { body: waitingOrder } },
    });
    const pay = within(await rowOf(waitingOrder.number)).getByRole('link', {
      name: `Pay order ${waitingOrder.number}`,
    });
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toContain('noopener');
    await userEvent.click(pay);
    expect(await screen.findByRole('region', { name: 'Order R000000000003 of ¥88.00' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(RECHARGE_POLL_MS));
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', FINANCE_PATHS.recharge(waitingOrder.id))).toHaveLength(1),
    );
  });
});

describe('recharge: bank transfer and the warning threshold', () => {
  it('shows where to transfer and the remark to write, credited in about 2 working days', async () => {
    await renderRecharge();
    const bank = (await screen.findByRole('heading', { name: en.bank.title })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(bank).findByText('VAP Technology Co., Ltd.')).toBeTruthy();
    expect(within(bank).getByText('China Merchants Bank Shenzhen Branch')).toBeTruthy();
    expect(within(bank).getByText('7559 1234 5678 901')).toBeTruthy();
    expect(within(bank).getByText('VAP-C000001')).toBeTruthy();
    expect(within(bank).getByText(en.bank.credit)).toBeTruthy();
  });

  it('the threshold is typed in yuan and saved in fen; the balance takes the answer', async () => {
    const { api } = await renderRecharge({
      answers: {
        [`PUT ${FINANCE_PATHS.finance}`]: { body: finance({ low_balance_threshold: 150_050 }) },
      },
    });
    const form = await screen.findByRole('form', { name: en.threshold.form });
    const field = within(form).getByLabelText(en.threshold.label);
    expect((field as HTMLInputElement).value).toBe('100.00');
    await userEvent.clear(field);
    await userEvent.type(field, '1500.5');
    await userEvent.click(within(form).getByRole('button', { name: en.threshold.save }));
    expect(await screen.findByText(en.threshold.saved)).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', FINANCE_PATHS.finance)[0]?.body).toEqual({
      low_balance_threshold: 150_050,
    });
    expect(await within(screen.getByTestId('finance-balance')).findByText('¥1,500.50')).toBeTruthy();
  });

  it('refuses a threshold that is no amount of yuan, with the contracts’ message', async () => {
    const { api } = await renderRecharge();
    const form = await screen.findByRole('form', { name: en.threshold.form });
    const field = within(form).getByLabelText(en.threshold.label);
    await userEvent.clear(field);
    await userEvent.type(field, '12.345');
    await userEvent.click(within(form).getByRole('button', { name: en.threshold.save }));
    expect(await screen.findByText('The threshold is an amount from 0 to 999,999.99')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', FINANCE_PATHS.finance)).toEqual([]);
  });
});
