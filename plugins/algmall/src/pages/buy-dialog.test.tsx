import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS, type BuyBody } from '@vap/contracts';
import {
  type Answer,
  type Answers,
  callsTo,
  type RecordedCall,
  type RenderPageOptions,
  refusal,
  testMenuItem,
} from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { algmallOrder, pageOf, product, productDetail, renderMallPage } from '../test-support.js';
import { BuyButton } from './buy-button.js';

const LIST = `GET ${ALGMALL_PATHS.products}`;
const BUY = `POST ${ALGMALL_PATHS.orders}`;
const buyCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'POST', ALGMALL_PATHS.orders);
const bodyOf = (call: RecordedCall | undefined) => call?.body as BuyBody;

/** The order the server answers a purchase with: the quantity asked, at ¥199.00 each. */
const bought = (call: RecordedCall): Answer => {
  const { quantity } = bodyOf(call);
  return {
    status: 201,
    body: algmallOrder({
      id: 9,
      number: 'A000000000009',
      purchased: quantity,
      remaining: quantity,
      amount: 19_900 * quantity,
    }),
  };
};

/** The list with helmet detection (¥199.00 an authorisation), buying answered by `buy`. */
const renderList = (buy: Answers[string] = bought, options: RenderPageOptions = {}) =>
  renderMallPage('algmall_product_list', { [LIST]: pageOf([product({ id: 7 })]), [BUY]: buy }, options);

/** Opens the buy dialog of helmet detection's card. */
async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Buy Helmet detection' }));
  return screen.findByRole('dialog', { name: 'Buy Helmet detection' });
}

const quantityIn = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: en.buy.quantity });

async function typeQuantity(dialog: HTMLElement, text: string) {
  const input = quantityIn(dialog);
  await userEvent.clear(input);
  if (text !== '') await userEvent.type(input, text);
}

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: en.buy.submit }));

/** The recharge page of the finance area, in the user's menu at /finance/recharge. */
const rechargeMenu = testMenuItem({
  name: 'finance',
  type: 'dir',
  path: 'finance',
  children: [testMenuItem({ name: 'recharge', type: 'page', path: 'recharge' })],
});

describe('buying authorisations (POST orders)', () => {
  it('shows the price of one and the total in yuan as the quantity is typed', async () => {
    await renderList();
    const dialog = await openDialog();
    expect(within(dialog).getByText('Price: ¥199.00 per authorisation')).toBeTruthy();
    expect(quantityIn(dialog)).toHaveProperty('value', '1');
    expect(within(dialog).getByText('Total: ¥199.00')).toBeTruthy();
    await typeQuantity(dialog, '25');
    expect(within(dialog).getByText('Total: ¥4,975.00')).toBeTruthy();
    await typeQuantity(dialog, '10000');
    expect(within(dialog).getByText('Total: ¥1,990,000.00')).toBeTruthy();
    // A quantity the contract refuses has no total.
    await typeQuantity(dialog, '');
    expect(within(dialog).getByText('Total: —')).toBeTruthy();
  });

  it.each([
    ['nothing', ''],
    ['zero', '0'],
    ['more than 10,000', '10001'],
    ['a fraction', '1.5'],
    ['letters', 'ten'],
  ])('refuses %s with the contract’s message, without asking the server', async (_case, text) => {
    const { api } = await renderList();
    const dialog = await openDialog();
    await typeQuantity(dialog, text);
    await submit(dialog);
    expect(await within(dialog).findByText('Enter a whole number from 1 to 10,000')).toBeTruthy();
    expect(quantityIn(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(buyCalls(api.calls)).toEqual([]);
  });

  it('sends the product, the quantity and one request_id per dialog: the same on a retry, a new one for a new dialog', async () => {
    let fail = true;
    const { api } = await renderList((call) =>
      fail ? refusal(500, { code: 'internal', message: 'Database unavailable' }) : bought(call),
    );
    const dialog = await openDialog();
    await typeQuantity(dialog, '3');
    await submit(dialog);
    expect(await within(dialog).findByText('Database unavailable')).toBeTruthy();
    const first = bodyOf(buyCalls(api.calls)[0]);
    expect(first).toEqual({ product_id: 7, quantity: 3, request_id: expect.any(String) });
    expect(first.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // The same dialog again: the same purchase.
    await submit(dialog);
    await waitFor(() => expect(buyCalls(api.calls)).toHaveLength(2));
    expect(bodyOf(buyCalls(api.calls)[1])).toEqual(first);

    // Another dialog: another purchase.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fail = false;
    const again = await openDialog();
    await submit(again);
    await waitFor(() => expect(buyCalls(api.calls)).toHaveLength(3));
    const third = bodyOf(buyCalls(api.calls)[2]);
    expect(third.quantity).toBe(1);
    expect(third.request_id).not.toBe(first.request_id);
  });

  it('makes its request_id where the browser offers no crypto.randomUUID (plain HTTP on a private network)', async () => {
    const { randomUUID } = crypto;
    // Browsers offer randomUUID to secure contexts only: an address like http://192.168.1.20 has none.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const { api } = await renderList();
      const dialog = await openDialog();
      await submit(dialog);
      await waitFor(() => expect(buyCalls(api.calls)).toHaveLength(1));
      expect(bodyOf(buyCalls(api.calls)[0]).request_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('says which order bought how many, and closes', async () => {
    await renderList();
    const dialog = await openDialog();
    await typeQuantity(dialog, '3');
    await submit(dialog);
    expect(await screen.findByText('Order A000000000009: 3 authorisations bought')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refreshes the orders list after a purchase', async () => {
    const orders = `GET ${ALGMALL_PATHS.orders}`;
    const { api } = await renderMallPage(
      'algmall_order',
      { [orders]: pageOf([algmallOrder({ id: 1 })]), [LIST]: pageOf([]), [BUY]: bought },
      { beside: <BuyButton product={product({ id: 7 })} /> },
    );
    await screen.findByText('A000000000001');
    expect(callsTo(api.calls, 'GET', ALGMALL_PATHS.orders)).toHaveLength(1);
    const dialog = await openDialog();
    await submit(dialog);
    await screen.findByText('Order A000000000009: 1 authorisation bought');
    await waitFor(() => expect(callsTo(api.calls, 'GET', ALGMALL_PATHS.orders)).toHaveLength(2));
  });

  it('a balance too low shows the server’s message in the dialog with a link to recharge', async () => {
    const { api } = await renderList(
      refusal(409, { code: 'balance_insufficient', message: 'Balance insufficient, please recharge' }),
      { extraMenus: [rechargeMenu] },
    );
    const dialog = await openDialog();
    await submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Balance insufficient, please recharge');
    // Quiet: said in the dialog, not again as the console's message.
    expect(screen.getAllByText('Balance insufficient, please recharge')).toHaveLength(1);
    expect(buyCalls(api.calls)).toHaveLength(1);
    await userEvent.click(within(alert).getByRole('link', { name: en.buy.recharge }));
    expect(await screen.findByText('at /finance/recharge')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a balance too low offers no link when the user’s menu lacks the recharge page', async () => {
    await renderList(
      refusal(409, { code: 'balance_insufficient', message: 'Balance insufficient, please recharge' }),
    );
    const dialog = await openDialog();
    await submit(dialog);
    expect(await within(dialog).findByText('Balance insufficient, please recharge')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('another refusal shows the server’s message, without a link, and the dialog stays', async () => {
    await renderList(refusal(404, { code: 'product_not_found', message: 'The product does not exist' }), {
      extraMenus: [rechargeMenu],
    });
    const dialog = await openDialog();
    await typeQuantity(dialog, '2');
    await submit(dialog);
    expect(await within(dialog).findByText('The product does not exist')).toBeTruthy();
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(quantityIn(dialog)).toHaveProperty('value', '2');
  });

  it('opens with the focus on the quantity, and Escape closes it, giving the focus back to Buy', async () => {
    await renderList();
    const button = await screen.findByRole('button', { name: 'Buy Helmet detection' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Helmet detection' });
    await waitFor(() => expect(document.activeElement).toBe(quantityIn(dialog)));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('who may buy (the page’s buy button, spec §6)', () => {
  it.each([
    ['algmall_product_list', {}],
    ['algmall_product_detail', { path: '?id=7&name=Helmet%20detection' }],
  ])('%s offers Buy only to a role with its buy button', async (page, options) => {
    const answers = {
      [LIST]: pageOf([product({ id: 7 })]),
      [`GET ${ALGMALL_PATHS.product(7)}`]: { body: productDetail({ id: 7 }) },
    };
    await renderMallPage(page, answers, { ...options, roleId: 4, buttons: [] });
    expect(await screen.findByRole('heading', { name: 'Helmet detection' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
    cleanup();

    await renderMallPage(page, answers, { ...options, roleId: 4, buttons: ['buy'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Helmet detection' }));
    expect(await screen.findByRole('dialog', { name: 'Buy Helmet detection' })).toBeTruthy();
  });
});
