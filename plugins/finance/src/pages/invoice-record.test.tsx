import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINANCE_PATHS, INVOICE_EXPORT_MAX_ROWS, type Invoice, type InvoiceDetails } from '@vap/contracts';
import { callsTo, ordersOf, refusal, wheresOf } from '@vap/kernel/testing';
import { blobText, choose, downloadCapture, exportTooMany, findRow } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { type PageOptions, pageOf, renderFinancePage } from '../test-support.js';

/** The files the page hands the browser to download, by name. */
const downloads = downloadCapture();
beforeEach(downloads.start);
afterEach(() => {
  downloads.stop();
});

const PDF = { text: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } };
const XLSX = {
  text: 'xlsx',
  headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

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
const rowOf = (number: string) => findRow(en.invoiceRecord.title, number);
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
        [`PUT ${FINANCE_PATHS.invoiceDetails}`]: refusal(400, {
          code: 'validation_failed',
          message: 'Check the highlighted fields',
          fields: { 'invoice.tax_id': 'The tax id is already used by another company' },
        }),
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
    await choose(document.body, en.invoiceRecord.state, en.invoiceStates.invoiced);
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

describe('invoice_record: the PDF of a request', () => {
  it('downloads the PDF of that request from its row as "invoice-<number>.pdf"', async () => {
    const { api } = await renderRecords(details, {
      answers: { [`GET ${FINANCE_PATHS.invoicePdf(issued.id)}`]: PDF },
    });
    await userEvent.click(
      within(await rowOf(issued.number)).getByRole('button', { name: en.invoiceRecord.pdf }),
    );
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(downloads.files[0]?.name).toBe(`invoice-${issued.number}.pdf`);
    expect(downloads.files[0]?.blob.type).toBe('application/pdf');
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('%PDF-1.7');
    expect(callsTo(api.calls, 'GET', FINANCE_PATHS.invoicePdf(issued.id))).toHaveLength(1);
    expect(callsTo(api.calls, 'GET', FINANCE_PATHS.invoicePdf(invoicing.id))).toEqual([]);
    // The message said while it was made goes once the file is there.
    await waitFor(() => expect(screen.queryByText(`Preparing the PDF of ${issued.number}…`)).toBeNull());
  });

  it('offers the PDF in the request’s drawer too', async () => {
    const { api } = await renderRecords(details, {
      answers: { [`GET ${FINANCE_PATHS.invoicePdf(invoicing.id)}`]: PDF },
    });
    await userEvent.click(
      within(await rowOf(invoicing.number)).getByRole('button', { name: en.invoiceRecord.details }),
    );
    const drawer = await screen.findByRole('dialog', { name: `Invoice request ${invoicing.number}` });
    await userEvent.click(within(drawer).getByRole('button', { name: en.invoiceRecord.pdfDownload }));
    await waitFor(() =>
      expect(downloads.files.map((file) => file.name)).toEqual([`invoice-${invoicing.number}.pdf`]),
    );
    expect(callsTo(api.calls, 'GET', FINANCE_PATHS.invoicePdf(invoicing.id))).toHaveLength(1);
  });

  it('shows the server’s message when it refuses the PDF, and downloads nothing', async () => {
    await renderRecords(details, {
      answers: {
        [`GET ${FINANCE_PATHS.invoicePdf(issued.id)}`]: refusal(404, {
          code: 'not_found',
          message: 'The invoice request does not exist',
        }),
      },
    });
    await userEvent.click(
      within(await rowOf(issued.number)).getByRole('button', { name: en.invoiceRecord.pdf }),
    );
    expect(await screen.findByText('The invoice request does not exist')).toBeTruthy();
    expect(downloads.files).toEqual([]);
  });
});

describe('invoice_record: the export', () => {
  it('hides the export button from a role without it', async () => {
    await renderRecords(details, { roleId: 4, buttons: ['apply'] });
    await rowOf(invoicing.number);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('exports the .xlsx of the current filter with the export button', async () => {
    const { api } = await renderRecords(details, {
      roleId: 4,
      buttons: ['export'],
      answers: { [`GET ${FINANCE_PATHS.invoicesExport}`]: XLSX },
    });
    await table();
    await choose(document.body, en.invoiceRecord.state, en.invoiceStates.invoicing);
    await userEvent.click(screen.getByRole('button', { name: /Search/ }));
    const filtered = [{ k: 'state', o: '=', v: 'invoicing' }];
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', FINANCE_PATHS.invoices).at(-1))).toEqual(filtered),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const [call] = callsTo(api.calls, 'GET', FINANCE_PATHS.invoicesExport);
    expect(wheresOf(call)).toEqual(filtered);
    expect(ordersOf(call)).toEqual([]);
    expect(downloads.files).toHaveLength(1);
    expect(downloads.files[0]?.name).toMatch(/^invoice-requests-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it(`says so without asking when more than ${INVOICE_EXPORT_MAX_ROWS} requests match`, async () => {
    const { api } = await renderRecords(details, {
      answers: {
        [`GET ${FINANCE_PATHS.invoices}`]: pageOf([invoicing, issued], INVOICE_EXPORT_MAX_ROWS + 1),
      },
    });
    await rowOf(invoicing.number);
    expect(await exportTooMany()).toBeTruthy();
    expect(callsTo(api.calls, 'GET', FINANCE_PATHS.invoicesExport)).toEqual([]);
    expect(downloads.files).toEqual([]);
  });

  it('shows the server’s message when it refuses the export', async () => {
    await renderRecords(details, {
      answers: {
        [`GET ${FINANCE_PATHS.invoicesExport}`]: refusal(400, {
          code: 'log_export_too_many_rows',
          message: 'Log export at most 5000 rows: narrow the time range or the filters',
        }),
      },
    });
    await rowOf(invoicing.number);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('Log export at most 5000 rows: narrow the time range or the filters'),
    ).toBeTruthy();
    expect(screen.queryByText('The export was downloaded')).toBeNull();
    expect(downloads.files).toEqual([]);
  });
});
