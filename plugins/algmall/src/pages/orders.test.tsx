import '@vap/ui/test-polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS, formatDateTime, ORDER_EXPORT_MAX_ROWS } from '@vap/contracts';
import {
  type Answers,
  callsTo,
  ordersOf,
  type RecordedCall,
  type RenderPageOptions,
  refusal,
  wheresOf,
} from '@vap/kernel/testing';
import { lastDays, wholeDays } from '@vap/ui';
import { blobText, choose, downloadCapture, exportTooMany, findRow } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { algmallOrder, pageOf, product, renderMallPage } from '../test-support.js';

const downloads = downloadCapture();
beforeEach(() => downloads.start());
afterEach(() => {
  downloads.stop();
});

const PAGE = 'algmall_order';
const ORDERS = `GET ${ALGMALL_PATHS.orders}`;
const EXPORT = `GET ${ALGMALL_PATHS.ordersExport}`;
const PRODUCTS = `GET ${ALGMALL_PATHS.products}`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const listCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', ALGMALL_PATHS.orders);
const exportCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', ALGMALL_PATHS.ordersExport);

const orders = [
  algmallOrder({ id: 1, created_at: '2026-11-20T08:00:00.000Z' }),
  algmallOrder({
    id: 2,
    product_id: 8,
    product_name: { 'zh-CN': '人数统计', en: 'People counting', 'zh-TW': '人數統計' },
    purchased: 2_000,
    used: 1_500,
    returned: 0,
    remaining: 500,
    amount: 12_345_600,
    created_at: '2026-11-21T09:30:00.000Z',
  }),
];

const products = pageOf([
  product({ id: 7 }),
  product({ id: 8, name: { 'zh-CN': '人数统计', en: 'People counting', 'zh-TW': '人數統計' } }),
]);

const renderOrders = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderMallPage(PAGE, { [ORDERS]: pageOf(orders), [PRODUCTS]: products, ...answers }, options);
const table = () => screen.findByRole('table', { name: en.orders.title });
const rowOf = (number: string) => findRow(en.orders.title, number);
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the orders (spec §2.3 algmall_order, §3 Order)', () => {
  it('lists each order: number, product in the console’s language, counts, amount in yuan and time', async () => {
    const { api } = await renderOrders();
    expect(cellTexts(await rowOf('A000000000001'))).toEqual([
      'A000000000001',
      'Helmet detection',
      '10',
      '4',
      '1',
      '7',
      '¥1,990.00',
      formatDateTime('2026-11-20T08:00:00.000Z'),
    ]);
    expect(cellTexts(await rowOf('A000000000002'))).toEqual([
      'A000000000002',
      'People counting',
      '2,000',
      '1,500',
      '0',
      '500',
      '¥123,456.00',
      formatDateTime('2026-11-21T09:30:00.000Z'),
    ]);
    // Newest first, as the server's default.
    expect(ordersOf(listCalls(api.calls)[0])).toEqual([{ k: 'created_at', o: 'desc' }]);
  });

  it('names the products in the language the console switches to, without asking again', async () => {
    const { api, kernel } = await renderOrders({}, { language: 'zh-CN' });
    const row = (await screen.findByText('A000000000002')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('人数统计')).toBeTruthy();
    await act(() => kernel.setLanguage('zh-TW'));
    expect(await within(row).findByText('人數統計')).toBeTruthy();
    expect(listCalls(api.calls)).toHaveLength(1);
  });

  it('filters by number, by a product of the mall and by days, as wheres', async () => {
    const { api } = await renderOrders();
    await table();
    const filters = screen.getByRole('form', { name: en.orders.filters });
    const number = within(filters).getByRole('searchbox', { name: en.orders.number });
    // ALGMALL_ORDER_FILTERS' number: at most 32 characters.
    expect(number.getAttribute('maxlength')).toBe('32');
    await userEvent.type(number, ' A0000 ');
    await choose(filters, en.orders.product, 'People counting');
    await userEvent.click(within(filters).getByRole('button', { name: new RegExp(en.orders.time) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'number', o: 'like', v: 'A0000' },
        { k: 'product_id', o: '=', v: 8 },
        { k: 'created_at', o: 'between', v: wholeDays(lastDays(7)) },
      ]),
    );
  });

  it('offers the mall’s products by name in the product filter', async () => {
    const { api } = await renderOrders();
    await table();
    await userEvent.click(screen.getByRole('combobox', { name: en.orders.product }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Helmet detection', 'People counting']);
    expect(ordersOf(callsTo(api.calls, 'GET', ALGMALL_PATHS.products)[0])).toEqual([{ k: 'name', o: 'asc' }]);
  });

  it.each([
    ['amount', en.orders.amount],
    ['remaining', en.orders.remaining],
  ])('sorts by %s through orders', async (key, title) => {
    const { api } = await renderOrders();
    await table();
    await userEvent.click(screen.getByRole('button', { name: title }));
    await waitFor(() => expect(ordersOf(listCalls(api.calls).at(-1))).toEqual([{ k: key, o: 'asc' }]));
  });

  it('says so when no order matches', async () => {
    await renderOrders({ [ORDERS]: pageOf([]) });
    expect(await screen.findByText(en.orders.empty)).toBeTruthy();
  });

  it('says in the table why the orders failed to load, and Retry asks again', async () => {
    let fail = true;
    const { api } = await renderOrders({
      [ORDERS]: () =>
        fail ? refusal(500, { code: 'internal', message: 'Database unavailable' }) : pageOf(orders),
    });
    const alert = await within(await table()).findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('A000000000001')).toBeTruthy();
    expect(listCalls(api.calls)).toHaveLength(2);
  });
});

describe('exporting the orders (spec §5.7)', () => {
  it('downloads the .xlsx of the current filter and sort with the export button', async () => {
    const { api } = await renderOrders(
      { [EXPORT]: { text: 'xlsx', headers: { 'content-type': XLSX } } },
      { roleId: 4, buttons: ['export'] },
    );
    await table();
    const filters = screen.getByRole('form', { name: en.orders.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.orders.number }), 'A0001');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'number', o: 'like', v: 'A0001' }]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(ordersOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'amount', o: 'asc' }]));

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const call = exportCalls(api.calls)[0];
    expect(wheresOf(call)).toEqual([{ k: 'number', o: 'like', v: 'A0001' }]);
    expect(ordersOf(call)).toEqual([{ k: 'amount', o: 'asc' }]);
    expect(downloads.files.map((file) => file.name)).toEqual([
      `${en.orders.exportFile}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    ]);
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('xlsx');
  });

  it('hides the export button from a role without it', async () => {
    await renderOrders({}, { roleId: 4, buttons: [] });
    await rowOf('A000000000001');
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('shows the server’s message when it refuses the export', async () => {
    const { api } = await renderOrders({
      [EXPORT]: refusal(400, {
        code: 'export_too_many_rows',
        message: 'At most 5000 rows can be exported: narrow the filters',
      }),
    });
    await rowOf('A000000000001');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('At most 5000 rows can be exported: narrow the filters')).toBeTruthy();
    expect(screen.queryByText('The export was downloaded')).toBeNull();
    expect(exportCalls(api.calls)).toHaveLength(1);
    expect(downloads.files).toEqual([]);
  });

  it(`says so without asking when more than ${ORDER_EXPORT_MAX_ROWS} orders match`, async () => {
    const { api } = await renderOrders({ [ORDERS]: pageOf(orders, ORDER_EXPORT_MAX_ROWS + 1) });
    await rowOf('A000000000001');
    expect(await exportTooMany()).toBeTruthy();
    expect(exportCalls(api.calls)).toEqual([]);
  });
});
