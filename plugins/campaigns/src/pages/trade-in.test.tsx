import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CAMPAIGN_PATHS,
  type Campaign,
  type TradeInApplication,
  type TradeInApplyBody,
  type TradeInModel,
  type VoucherTransfer,
  type VoucherWallet,
} from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions, wheresOf } from '@vap/kernel/testing';
import { choose, renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

const text = (en: string) => ({ 'zh-CN': en, en, 'zh-TW': en });
const campaign = (partial: Partial<Campaign> & Pick<Campaign, 'id'>): Campaign => ({
  code: `c${partial.id}`,
  kind: 'trade_in',
  title: text('Old devices for vouchers'),
  rules: text('Two vouchers per device of our brands.'),
  starts_at: '2026-11-01T00:00:00.000Z',
  ends_at: '2027-02-01T00:00:00.000Z',
  state: 'open',
  terms: {
    voucher_value_fen: 1_000,
    own_brand_vouchers: 2,
    other_brand_vouchers: 1,
    voucher_valid_days: 365,
    return_address: 'Recycling centre, Shenzhen',
    exchange_fen_per_voucher: null,
  },
  ...partial,
});
const models: TradeInModel[] = [
  { id: 1, brand: 'VAP', model: 'VAP-IPC200', own_brand: true },
  { id: 2, brand: 'Dahua', model: 'NVR4108', own_brand: false },
];
const application: TradeInApplication = {
  id: 5,
  campaign_id: 1,
  campaign_title: text('Old devices for vouchers'),
  lines: [{ model_id: 1, brand: 'VAP', model: 'VAP-IPC200', own_brand: true, quantity: 2 }],
  tracking_number: 'SF100200300',
  status: 'rejected',
  reason: 'parcel empty',
  vouchers: 4,
  voucher_value_fen: 1_000,
  submitted_at: '2026-11-20T08:00:00.000Z',
  reviewed_at: '2026-11-21T08:00:00.000Z',
  credited_at: null,
};

const exchangeCampaign = campaign({
  id: 2,
  code: 'exchange',
  kind: 'balance_exchange',
  title: text('Balance for vouchers'),
  rules: text('Every ¥9 of balance buys a ¥10 voucher.'),
  terms: {
    voucher_value_fen: 1_000,
    own_brand_vouchers: 0,
    other_brand_vouchers: 0,
    voucher_valid_days: 365,
    return_address: null,
    exchange_fen_per_voucher: 900,
  },
});
const wallet: VoucherWallet = { balance_fen: 12_345, vouchers: 7, vouchers_fen: 7_000 };
const transferRecord: VoucherTransfer = {
  id: 9,
  to_company_id: 40,
  to_company_name: 'Downstream Ltd',
  quantity: 3,
  value_fen: 0,
  status: 'failed',
  reason: 'vouchers_insufficient',
  created_at: '2026-11-22T08:00:00.000Z',
};

const CAMPAIGNS = `GET ${CAMPAIGN_PATHS.campaigns}`;
const MODELS = `GET ${CAMPAIGN_PATHS.tradeInModels}`;
const RECORDS = `GET ${CAMPAIGN_PATHS.tradeInApplications}`;
const APPLY = `POST ${CAMPAIGN_PATHS.tradeInApplications}`;
const WALLET = `GET ${CAMPAIGN_PATHS.voucherWallet}`;
const TARGETS = `GET ${CAMPAIGN_PATHS.voucherTargets}`;
const TRANSFERS = `GET ${CAMPAIGN_PATHS.voucherTransfers}`;
const TRANSFER = `POST ${CAMPAIGN_PATHS.voucherTransfers}`;
const EXCHANGE = `POST ${CAMPAIGN_PATHS.balanceExchange(2)}`;

const renderTradeIn = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderConsolePage(
    plugin,
    'trade_in',
    {
      [CAMPAIGNS]: { body: { items: [campaign({ id: 1 })] } },
      [MODELS]: { body: { items: models } },
      [RECORDS]: { body: { items: [application], total: 1 } },
      [APPLY]: { status: 201, body: { ...application, status: 'pending' } },
      [WALLET]: { body: wallet },
      [TARGETS]: { body: { items: [{ id: 40, name: 'Downstream Ltd' }] } },
      [TRANSFERS]: { body: { items: [transferRecord], total: 1 } },
      [TRANSFER]: {
        status: 201,
        body: { ...transferRecord, status: 'success', reason: null, value_fen: 3_000 },
      },
      [EXCHANGE]: {
        status: 201,
        body: {
          id: 1,
          campaign_id: 2,
          quantity: 2,
          spent_fen: 1_800,
          voucher_value_fen: 1_000,
          balance_after_fen: 10_545,
          created_at: '2026-11-22T08:00:00.000Z',
        },
      },
      ...answers,
    },
    options,
  );

async function openForm() {
  const apply = await screen.findByRole('button', { name: en.apply.open });
  await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(apply);
  return screen.findByRole('dialog', { name: en.apply.title });
}

async function chooseModel(dialog: HTMLElement, line: number, name: string) {
  const group = within(dialog).getByRole('group', { name: `Device ${line}` });
  await userEvent.click(within(group).getByRole('combobox', { name: en.apply.model }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('trade_in (spec §2.4)', () => {
  it('shows the policy, the subsidy per device and the return address', async () => {
    await renderTradeIn();
    expect(await screen.findByRole('heading', { name: 'Old devices for vouchers' })).toBeTruthy();
    expect(screen.getByText(/¥10\.00 \(other brands\) to ¥20\.00 \(our brands\)/)).toBeTruthy();
    expect(screen.getByText('Recycling centre, Shenzhen')).toBeTruthy();
  });

  it('counts the subsidy as lines change and sends distinct models with the tracking number', async () => {
    const { api } = await renderTradeIn();
    const dialog = await openForm();
    expect(
      (within(dialog).getByRole('button', { name: en.apply.remove }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await chooseModel(dialog, 1, 'VAP VAP-IPC200 (our brand)');
    const quantity = within(dialog).getAllByRole('textbox', { name: en.apply.quantity })[0] as HTMLElement;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(within(dialog).getByRole('status').textContent).toContain('6 vouchers, ¥60.00');
    await userEvent.click(within(dialog).getByRole('button', { name: en.apply.addLine }));
    await chooseModel(dialog, 2, 'Dahua NVR4108');
    expect(within(dialog).getByRole('status').textContent).toContain('7 vouchers, ¥70.00');
    await userEvent.type(within(dialog).getByRole('textbox', { name: en.apply.trackingNumber }), 'SF42');
    await userEvent.click(within(dialog).getByRole('button', { name: en.apply.submit }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.tradeInApplications)).toHaveLength(1),
    );
    expect(
      callsTo(api.calls, 'POST', CAMPAIGN_PATHS.tradeInApplications)[0]?.body as TradeInApplyBody,
    ).toEqual({
      campaign_id: 1,
      tracking_number: 'SF42',
      lines: [
        { model_id: 1, quantity: 3 },
        { model_id: 2, quantity: 1 },
      ],
    });
  });

  it('refuses a form without a tracking number or with a model twice, sending nothing', async () => {
    const { api } = await renderTradeIn();
    const dialog = await openForm();
    await chooseModel(dialog, 1, 'Dahua NVR4108');
    await userEvent.click(within(dialog).getByRole('button', { name: en.apply.addLine }));
    await chooseModel(dialog, 2, 'Dahua NVR4108');
    await userEvent.click(within(dialog).getByRole('button', { name: en.apply.submit }));
    expect(await within(dialog).findByText('Each device model may be listed once')).toBeTruthy();
    expect(within(dialog).getByText(/tracking number/i, { selector: '[id$="-message"], p' })).toBeTruthy();
    expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.tradeInApplications)).toHaveLength(0);
  });

  it('an ended campaign says so and cannot be applied to', async () => {
    await renderTradeIn({ [CAMPAIGNS]: { body: { items: [campaign({ id: 1, state: 'ended' })] } } });
    expect(await screen.findByText(en.tradeIn.closed)).toBeTruthy();
    expect((screen.getByRole('button', { name: en.apply.open }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the application only to a role with the apply button', async () => {
    await renderTradeIn({}, { roleId: 4, buttons: [] });
    expect(await screen.findByRole('heading', { name: 'Old devices for vouchers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.apply.open })).toBeNull();
  });

  it('lists the records by status and shows one in detail', async () => {
    const { api } = await renderTradeIn();
    const table = await screen.findByRole('table', { name: en.records.title });
    expect(await within(table).findByText('SF100200300')).toBeTruthy();
    const form = screen.getByRole('form', { name: en.records.filters });
    await choose(form, en.records.status, en.statuses.rejected);
    await userEvent.click(within(form).getByRole('button', { name: /search/i }));
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', CAMPAIGN_PATHS.tradeInApplications).at(-1))).toEqual([
        { k: 'status', o: '=', v: 'rejected' },
      ]),
    );
    await userEvent.click(within(table).getByRole('button', { name: en.records.details }));
    const drawer = await screen.findByRole('dialog', { name: en.detail.title });
    expect(within(drawer).getByText('parcel empty')).toBeTruthy();
  });

  it('says why the campaigns could not be loaded', async () => {
    await renderTradeIn({ [CAMPAIGNS]: { status: 500, body: { code: 'internal', message: 'boom' } } });
    expect((await screen.findByRole('alert')).textContent).toContain('boom');
  });
});

describe('trade_in: balance exchange and voucher transfers (spec §2.4, §3, §4.3)', () => {
  const withExchange = { [CAMPAIGNS]: { body: { items: [campaign({ id: 1 }), exchangeCampaign] } } };

  it('shows the balance-exchange campaign with its rate and the balance, and sends the quantity with its cost shown', async () => {
    const { api } = await renderTradeIn(withExchange);
    expect(await screen.findByRole('heading', { name: 'Balance for vouchers' })).toBeTruthy();
    expect(screen.getByText(/¥9\.00 of balance buys one voucher of ¥10\.00/)).toBeTruthy();
    expect(await screen.findByText(/Your balance: ¥123\.45/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.exchange.open }));
    const dialog = await screen.findByRole('dialog', { name: en.exchange.title });
    const quantity = within(dialog).getByRole('textbox', { name: en.exchange.quantity });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    expect(within(dialog).getByRole('status').textContent).toContain(
      '2 vouchers worth ¥20.00 for ¥18.00 of balance',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: en.exchange.submit }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.balanceExchange(2))).toHaveLength(1),
    );
    expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.balanceExchange(2))[0]?.body).toEqual({ quantity: 2 });
  });

  it('an ended balance exchange says so and cannot be used', async () => {
    await renderTradeIn({
      [CAMPAIGNS]: { body: { items: [campaign({ id: 1 }), { ...exchangeCampaign, state: 'ended' }] } },
    });
    expect(await screen.findByText(en.exchange.closed)).toBeTruthy();
    expect((screen.getByRole('button', { name: en.exchange.open }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('transfers a quantity of vouchers to a first-level customer and lists transfers with their status', async () => {
    const { api } = await renderTradeIn();
    const table = await screen.findByRole('table', { name: en.transfers.title });
    expect(await within(table).findByText('Downstream Ltd')).toBeTruthy();
    expect(within(table).getByText(en.transferStatuses.failed)).toBeTruthy();
    expect(screen.getByText('7 usable vouchers, ¥70.00')).toBeTruthy();
    const open = screen.getByRole('button', { name: en.transfers.open });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: en.transfers.dialog });
    await choose(dialog, en.transfers.target, 'Downstream Ltd');
    const quantity = within(dialog).getByRole('textbox', { name: en.transfers.quantity });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: en.transfers.submit }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.voucherTransfers)).toHaveLength(1));
    expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.voucherTransfers)[0]?.body).toEqual({
      company_id: 40,
      quantity: 3,
    });
  });

  it('refuses a transfer without a customer or with a quantity that is not 1 to 1,000, sending nothing', async () => {
    const { api } = await renderTradeIn();
    const open = await screen.findByRole('button', { name: en.transfers.open });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: en.transfers.dialog });
    const quantity = within(dialog).getByRole('textbox', { name: en.transfers.quantity });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: en.transfers.submit }));
    expect(await within(dialog).findByText('Enter a whole number from 1 to 1,000')).toBeTruthy();
    expect(within(dialog).getByText('Choose the customer that receives the voucher')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', CAMPAIGN_PATHS.voucherTransfers)).toHaveLength(0);
  });

  it('filters the transfers by status', async () => {
    const { api } = await renderTradeIn();
    await screen.findByRole('table', { name: en.transfers.title });
    const form = screen.getByRole('form', { name: en.transfers.filters });
    await choose(form, en.transfers.status, en.transferStatuses.success);
    await userEvent.click(within(form).getByRole('button', { name: /search/i }));
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', CAMPAIGN_PATHS.voucherTransfers).at(-1))).toEqual([
        { k: 'status', o: '=', v: 'success' },
      ]),
    );
  });

  it('offers the transfer only to a role with the transfer button, and the exchange only with apply', async () => {
    await renderTradeIn(withExchange, { roleId: 4, buttons: ['apply'] });
    expect(await screen.findByRole('table', { name: en.transfers.title })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.transfers.open })).toBeNull();
    expect(screen.getByRole('button', { name: en.exchange.open })).toBeTruthy();
    cleanup();
    await renderTradeIn(withExchange, { roleId: 4, buttons: ['transfer'] });
    expect(await screen.findByRole('button', { name: en.transfers.open })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.exchange.open })).toBeNull();
  });
});
