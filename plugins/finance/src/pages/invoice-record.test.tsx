import '../test-support.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINANCE_PATHS, type Invoice, type InvoiceDetails } from '@vap/contracts';
import { message } from '@vap/ui';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { callsTo, type PageOptions, pageOf, renderFinancePage, wheresOf } from '../test-support.js';

afterEach(() => {
  cleanup();
  message.clear();
});

const details: InvoiceDetails = {
  tax_id: '91440300MA5EXAMPLE',
  bank_name: 'China Merchants Bank',
  bank_number: '7559 1234',
  address: 'Shenzhen, 0755-1234',
  email: 'finance@example.com',
};
const invoicing: Invoice = {
  id: 1,
  number: 'I20260302001',
  amount: 12_550,
  state: 'invoicing',
  orders: [
    { id: 1, number: 'R000000000001', amount: 10_000 },
    { id: 2, number: 'R000000000002', amount: 2_550 },
  ],
  details,
  invoice_number: '',
  requested_at: '2026-03-03T09:30:00.000Z',
  issued_at: null,
};
const issued: Invoice = {
  ...invoicing,
  id: 2,
  number: 'I20260301001',
  amount: 5_000,
  state: 'invoiced',
  orders: [{ id: 3, number: 'R000000000003', amount: 5_000 }],
  invoice_number: '04400123',
  issued_at: '2026-03-04T09:30:00.000Z',
};

const renderRecords = (saved: InvoiceDetails | null, options: PageOptions = {}) =>
  renderFinancePage(
    'invoice_record',
    {
      [`GET ${FINANCE_PATHS.invoiceDetails}`]: { body: { invoice: saved } },
      [`GET ${FINANCE_PATHS.invoices}`]: pageOf([invoicing, issued]),
    },
    options,
  );
const card = async () =>
  (await screen.findByRole('heading', { name: en.invoiceDetails.title })).closest(
    'section, div',
  ) as HTMLElement;
const table = () => screen.findByRole('table', { name: en.invoiceRecord.title });
const rowOf = async (number: string) =>
  (await within(await table()).findByText(number)).closest('tr') as HTMLElement;
const fill = async (dialog: HTMLElement, label: string, value: string) => {
  const input = within(dialog).getByLabelText(new RegExp(`^${label}[\\s*]*$`));
  await userEvent.clear(input);
  await userEvent.type(input, value);
};

describe('invoice_record: invoice details', () => {
  it('says the details are needed before any invoice, then sets them in a dialog and shows them', async () => {
    const { api } = await renderRecords(null, {
      answers: { [`PUT ${FINANCE_PATHS.invoiceDetails}`]: { body: { invoice: details } } },
    });
    expect(await screen.findByText(en.invoiceDetails.empty)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.invoiceDetails.set }));
    const dialog = await screen.findByRole('dialog', { name: en.invoiceDetails.dialogTitle });
    await fill(dialog, en.invoiceDetails.taxId, details.tax_id);
    await fill(dialog, en.invoiceDetails.bankName, details.bank_name);
    await fill(dialog, en.invoiceDetails.bankNumber, details.bank_number);
    await fill(dialog, en.invoiceDetails.address, details.address);
    await fill(dialog, en.invoiceDetails.email, details.email);
    await userEvent.click(within(dialog).getByRole('button', { name: /OK|Save|Submit|Confirm/ }));
    expect(await screen.findByText(en.invoiceDetails.saved)).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', FINANCE_PATHS.invoiceDetails)[0]?.body).toEqual({ invoice: details });
    expect(await screen.findByText(details.tax_id)).toBeTruthy();
    expect(screen.queryByText(en.invoiceDetails.empty)).toBeNull();
    expect(screen.getByRole('button', { name: en.invoiceDetails.edit })).toBeTruthy();
  });

  it("puts a 400's field messages under the fields and keeps the dialog open", async () => {
    await renderRecords(details, {
      answers: {
        [`PUT ${FINANCE_PATHS.invoiceDetails}`]: {
          status: 400,
          body: {
            code: 'validation_failed',
            message: 'Check the highlighted fields',
            fields: { 'invoice.tax_id': 'The tax id is already used by another company' },
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.invoiceDetails.edit }));
    const dialog = await screen.findByRole('dialog', { name: en.invoiceDetails.dialogTitle });
    expect(
      (within(dialog).getByLabelText(new RegExp(en.invoiceDetails.email)) as HTMLInputElement).value,
    ).toBe(details.email);
    await userEvent.click(within(dialog).getByRole('button', { name: /OK|Save|Submit|Confirm/ }));
    expect(await within(dialog).findByText('The tax id is already used by another company')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: en.invoiceDetails.dialogTitle })).toBeTruthy();
  });

  it('checks the fields before sending: a bad email is refused in place', async () => {
    const { api } = await renderRecords(details);
    await userEvent.click(await screen.findByRole('button', { name: en.invoiceDetails.edit }));
    const dialog = await screen.findByRole('dialog', { name: en.invoiceDetails.dialogTitle });
    await fill(dialog, en.invoiceDetails.email, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: /OK|Save|Submit|Confirm/ }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', FINANCE_PATHS.invoiceDetails)).toHaveLength(0);
  });

  it('hides Edit from a role without the apply button; the details still show', async () => {
    await renderRecords(details, { roleId: 4, buttons: [] });
    expect(await screen.findByText(details.bank_name)).toBeTruthy();
    await card();
    expect(screen.queryByRole('button', { name: en.invoiceDetails.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: en.invoiceDetails.set })).toBeNull();
  });
});

describe('invoice_record: invoice requests', () => {
  it('lists each request with its state, orders and the tax invoice number once issued', async () => {
    await renderRecords(details);
    const pending = await rowOf(invoicing.number);
    expect(within(pending).getByText('¥125.50')).toBeTruthy();
    expect(within(pending).getByText(en.invoiceStates.invoicing)).toBeTruthy();
    expect(within(pending).getByText('2 orders')).toBeTruthy();
    expect(within(pending).getByText('R000000000001, R000000000002')).toBeTruthy();
    const done = await rowOf(issued.number);
    expect(within(done).getByText(en.invoiceStates.invoiced)).toBeTruthy();
    expect(within(done).getByText('04400123')).toBeTruthy();
  });

  it('shows a request’s orders and the details it was asked with in a drawer', async () => {
    await renderRecords(null);
    await userEvent.click(
      within(await rowOf(invoicing.number)).getByRole('button', { name: en.invoiceRecord.details }),
    );
    const drawer = await screen.findByRole('dialog', { name: `Invoice request ${invoicing.number}` });
    expect(within(drawer).getByText('R000000000002')).toBeTruthy();
    expect(within(drawer).getByText('¥25.50')).toBeTruthy();
    expect(within(drawer).getByText(details.tax_id)).toBeTruthy();
    expect(within(drawer).getByText(details.email)).toBeTruthy();
  });

  it('filters by state and number as wheres', async () => {
    const { api } = await renderRecords(details);
    await table();
    await userEvent.click(screen.getByRole('combobox', { name: en.invoiceRecord.state }));
    await userEvent.click(await screen.findByRole('option', { name: en.invoiceStates.invoiced }));
    await userEvent.type(screen.getByRole('searchbox', { name: en.invoiceRecord.number }), 'I2026');
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => {
      const last = callsTo(api.calls, 'GET', FINANCE_PATHS.invoices).at(-1);
      expect(wheresOf(last)).toEqual([
        { k: 'state', o: '=', v: 'invoiced' },
        { k: 'number', o: 'like', v: 'I2026' },
      ]);
    });
  });
});
