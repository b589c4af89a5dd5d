import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINANCE_PATHS, type Invoice, type InvoicePayment } from '@vap/contracts';
import { callsTo, refusal, wheresOf } from '@vap/kernel/testing';
import { choose, findRow } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { invoiceRecordMenu, type PageOptions, pageOf, renderFinancePage } from '../test-support.js';

const payment = (partial: Partial<InvoicePayment> & Pick<InvoicePayment, 'id'>): InvoicePayment => ({
  number: `R${String(partial.id).padStart(12, '0')}`,
  amount: 10_000,
  paid_at: '2026-03-02T09:30:00.000Z',
  invoice_state: 'not_invoiced',
  invoice_id: null,
  ...partial,
});
const first = payment({ id: 1, amount: 10_000 });
const second = payment({ id: 2, amount: 2_550 });
const invoiced = payment({ id: 3, invoice_state: 'invoiced', invoice_id: 9 });

const invoice: Invoice = {
  id: 9,
  number: 'I20260302001',
  amount: 12_550,
  state: 'invoicing',
  orders: [
    { id: 1, number: first.number, amount: first.amount },
    { id: 2, number: second.number, amount: second.amount },
  ],
  details: {
    tax_id: '91440300MA5EXAMPLE',
    bank_name: 'China Merchants Bank',
    bank_number: '7559 1234',
    address: 'Shenzhen, 0755-1234',
    email: 'finance@example.com',
  },
  invoice_number: '',
  requested_at: '2026-03-03T09:30:00.000Z',
  issued_at: null,
};

const renderPayments = (options: PageOptions = {}) =>
  renderFinancePage(
    'invoice_payment',
    { [`GET ${FINANCE_PATHS.invoicePayments}`]: pageOf([first, second, invoiced]) },
    { extraMenus: [invoiceRecordMenu()], ...options },
  );
const table = () => screen.findByRole('table', { name: en.invoicePayment.title });
const rowOf = (number: string) => findRow(en.invoicePayment.title, number);
const select = async (number: string) =>
  userEvent.click(
    within(await rowOf(number)).getByRole('checkbox', { name: `Select row ${number.replace(/^R0*/, '')}` }),
  );

/** Selects order `number`, asks for its invoice and confirms. */
const requestInvoiceFor = async (number: string) => {
  await select(number);
  await userEvent.click(screen.getByRole('button', { name: en.invoicePayment.request }));
  const confirm = await screen.findByRole('alertdialog');
  await userEvent.click(within(confirm).getByRole('button', { name: en.invoicePayment.requestOk }));
};

describe('invoice_payment', () => {
  it('lists the paid orders with their amount and invoice state; only orders not invoiced can be selected', async () => {
    await renderPayments();
    const row = await rowOf(second.number);
    expect(within(row).getByText('¥25.50')).toBeTruthy();
    expect(within(row).getByText(en.invoiceStates.not_invoiced)).toBeTruthy();
    const done = await rowOf(invoiced.number);
    expect(within(done).getByText(en.invoiceStates.invoiced)).toBeTruthy();
    expect((within(done).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
  });

  it('requests an invoice for the selected orders: the confirmation shows them and their total, the ids are sent', async () => {
    const { api } = await renderPayments({
      answers: { [`POST ${FINANCE_PATHS.invoices}`]: { status: 201, body: invoice } },
    });
    await select(first.number);
    await select(second.number);
    expect(screen.getByText('Total ¥125.50')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.invoicePayment.request }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Request an invoice for 2 orders?')).toBeTruthy();
    expect(within(dialog).getByText(first.number)).toBeTruthy();
    expect(within(dialog).getByText('Total to invoice: ¥125.50')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.invoicePayment.requestOk }));
    expect(await screen.findByText('Invoice I20260302001 requested for ¥125.50')).toBeTruthy();
    expect(callsTo(api.calls, 'POST', FINANCE_PATHS.invoices)[0]?.body).toEqual({ order_ids: [1, 2] });
    // The orders are asked again to show their new state.
    await waitFor(() =>
      expect(callsTo(api.calls, 'GET', FINANCE_PATHS.invoicePayments).length).toBeGreaterThan(1),
    );
  });

  it('without invoice details says they are missing and links to the invoice records page where they are set', async () => {
    await renderPayments({
      answers: {
        [`POST ${FINANCE_PATHS.invoices}`]: refusal(409, {
          code: 'invoice_details_missing',
          message: 'Set the invoice details first',
        }),
      },
    });
    await requestInvoiceFor(first.number);
    expect(await screen.findByText(en.invoicePayment.detailsMissing)).toBeTruthy();
    const link = screen.getByRole('link', { name: en.invoicePayment.setDetails });
    expect(link.getAttribute('href')).toBe('/finance/invoice-record');
  });

  it('shows any other refusal of the server as its message', async () => {
    await renderPayments({
      answers: {
        [`POST ${FINANCE_PATHS.invoices}`]: refusal(409, {
          code: 'order_invoiced',
          message: 'An order is already invoiced',
        }),
      },
    });
    await requestInvoiceFor(first.number);
    expect(await screen.findByText('An order is already invoiced')).toBeTruthy();
    expect(screen.queryByText(en.invoicePayment.detailsMissing)).toBeNull();
  });

  it("hides selection and Request invoice from a role without invoice_record's apply button", async () => {
    await renderPayments({ roleId: 4, extraMenus: [invoiceRecordMenu([])] });
    await rowOf(first.number);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: en.invoicePayment.request })).toBeNull();
    expect(screen.getByText(en.invoicePayment.applyNotPermitted)).toBeTruthy();
  });

  it("offers Request invoice to a role with invoice_record's apply button", async () => {
    await renderPayments({ roleId: 4, extraMenus: [invoiceRecordMenu(['apply'])] });
    await select(first.number);
    expect(screen.getByRole('button', { name: en.invoicePayment.request })).toBeTruthy();
  });

  it('filters by invoice state and number as wheres', async () => {
    const { api } = await renderPayments();
    await table();
    await choose(document.body, en.invoicePayment.invoiceState, en.invoiceStates.not_invoiced);
    await userEvent.type(screen.getByRole('searchbox', { name: en.invoicePayment.number }), 'R0001');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => {
      const last = callsTo(api.calls, 'GET', FINANCE_PATHS.invoicePayments).at(-1);
      expect(wheresOf(last)).toEqual([
        { k: 'invoice_state', o: '=', v: 'not_invoiced' },
        { k: 'number', o: 'like', v: 'R0001' },
      ]);
    });
  });
});
