import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEV_PAYMENT_PAGE_PATH,
  DEV_PAYMENT_PAGE_QUERY,
  DEV_PAYMENT_PATHS,
  type DevPayment,
} from '@vap/contracts';
import { type Answers, callsTo, refusal, renderWithKernel } from '@vap/kernel/testing';
import { consoleOverlays, sharedMessages } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import DevPaymentPage from './dev-payment.js';

const TOKEN = 'tok_abc-123';
const PATH = DEV_PAYMENT_PATHS.payment(TOKEN);
const waiting: DevPayment = {
  number: 'R202603020001',
  amount: 5_000,
  company: '测试科技有限公司',
  state: 'pending',
  expires_at: '2026-03-02T10:00:00.000Z',
};

/** The public page, signed out, as the payment link opens it. */
const renderPayment = (
  answers: Answers,
  search = `?${DEV_PAYMENT_PAGE_QUERY}=${TOKEN}`,
  language: 'en' | 'zh-TW' = 'en',
) =>
  renderWithKernel(
    <>
      <DevPaymentPage />
      {consoleOverlays}
    </>,
    {
      plugins: [plugin],
      messages: sharedMessages,
      language,
      path: `${DEV_PAYMENT_PAGE_PATH}${search}`,
      routePath: DEV_PAYMENT_PAGE_PATH,
      answers,
    },
  );

const order = () => screen.findByRole('heading', { name: en.devPayment.order });

/** The page of the waiting order, once shown; the order's POST answers it in state `after`. */
async function waitingOrder(after: DevPayment['state']) {
  const view = await renderPayment({
    [`GET ${PATH}`]: { body: waiting },
    [`POST ${PATH}`]: { body: { ...waiting, state: after } },
  });
  await order();
  return view;
}

describe('the development payment page', () => {
  it('shows the company, order number, amount, expiry and state, and says it moves no real money', async () => {
    const { api } = await renderPayment({ [`GET ${PATH}`]: { body: waiting } });
    const card = (await order()).closest('section') as HTMLElement;
    expect(within(card).getByText('测试科技有限公司')).toBeTruthy();
    expect(within(card).getByText('R202603020001')).toBeTruthy();
    expect(within(card).getByText('¥50.00')).toBeTruthy();
    expect(within(card).getByText(en.states.pending)).toBeTruthy();
    expect(screen.getByText(en.devPayment.provider)).toBeTruthy();
    // Public: the payment link's token is all it sends.
    expect(callsTo(api.calls, 'GET', PATH)[0]?.headers.get('authorization')).toBeNull();
  });

  it('Confirm payment confirms it and shows the outcome', async () => {
    const { api } = await waitingOrder('paid');
    await userEvent.click(screen.getByRole('button', { name: en.devPayment.confirm }));
    expect(await screen.findByText(en.devPayment.paid)).toBeTruthy();
    expect(screen.getByText(en.states.paid)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', PATH)[0]?.body).toEqual({ action: 'confirm' });
    expect(screen.queryByRole('button', { name: en.devPayment.confirm })).toBeNull();
  });

  it('Cancel payment asks for confirmation, then cancels the order', async () => {
    const { api } = await waitingOrder('cancelled');
    await userEvent.click(screen.getByRole('button', { name: en.devPayment.cancel }));
    const question = await screen.findByRole('alertdialog', { name: en.devPayment.cancelTitle });
    expect(callsTo(api.calls, 'POST', PATH)).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: en.devPayment.cancel }));
    expect(await screen.findByText(en.devPayment.cancelled)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', PATH)[0]?.body).toEqual({ action: 'cancel' });
  });

  it('an order closed meanwhile (409 order_closed) says so and shows its state now', async () => {
    let state: DevPayment['state'] = 'pending';
    await renderPayment({
      [`GET ${PATH}`]: () => ({ body: { ...waiting, state } }),
      [`POST ${PATH}`]: () => {
        state = 'expired';
        return refusal(409, {
          code: 'order_closed',
          message: 'The order is already paid, cancelled or expired',
        });
      },
    });
    await order();
    await userEvent.click(screen.getByRole('button', { name: en.devPayment.confirm }));
    expect(await screen.findByText(en.devPayment.closed)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(en.states.expired)).toBeTruthy());
    expect(screen.queryByRole('button', { name: en.devPayment.confirm })).toBeNull();
  });

  it('an order already paid offers nothing to do', async () => {
    await renderPayment({ [`GET ${PATH}`]: { body: { ...waiting, state: 'paid' } } });
    await order();
    expect(screen.getByText(en.devPayment.closed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.devPayment.confirm })).toBeNull();
    expect(screen.queryByRole('button', { name: en.devPayment.cancel })).toBeNull();
  });

  it('an unknown token (404 order_not_found) says no order waits for it', async () => {
    await renderPayment({
      [`GET ${PATH}`]: refusal(404, { code: 'order_not_found', message: 'Order does not exist' }),
    });
    expect(await screen.findByRole('heading', { name: en.devPayment.notFound })).toBeTruthy();
    expect(screen.getByText(en.devPayment.notFoundHint)).toBeTruthy();
  });

  it('a server without the development provider (its calls not routed) says the same', async () => {
    await renderPayment({});
    expect(await screen.findByRole('heading', { name: en.devPayment.notFound })).toBeTruthy();
  });

  it('a link without a token asks nothing and says the same', async () => {
    const { api } = await renderPayment({}, '');
    expect(await screen.findByRole('heading', { name: en.devPayment.notFound })).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('other failures show their message with a retry', async () => {
    const { api } = await renderPayment({
      [`GET ${PATH}`]: refusal(500, { code: 'internal', message: 'Server error' }),
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The order could not be loaded: Server error',
    );
    api.answers[`GET ${PATH}`] = { body: waiting };
    await userEvent.click(screen.getByRole('button', { name: en.common.retry }));
    expect(await order()).toBeTruthy();
  });

  it('speaks the language the user chose', async () => {
    await renderPayment(
      { [`GET ${PATH}`]: { body: waiting } },
      `?${DEV_PAYMENT_PAGE_QUERY}=${TOKEN}`,
      'zh-TW',
    );
    expect(await screen.findByRole('heading', { name: zhTW.devPayment.title })).toBeTruthy();
    expect(await screen.findByRole('button', { name: zhTW.devPayment.confirm })).toBeTruthy();
  });
});
