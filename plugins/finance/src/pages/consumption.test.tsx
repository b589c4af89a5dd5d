import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSUMPTION_EXPORT_MAX_ROWS, FINANCE_PATHS } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, ordersOf, refusal, wheresOf } from '@vap/kernel/testing';
import { lastDays, wholeDays } from '@vap/ui';
import { choose, exportTooMany } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { charge, type PageOptions, renderFinancePage } from '../test-support.js';

const charges = [
  charge({ id: 1, product: 'cloud_video', amount: 1_990, balance_after: 121_466, note: 'Monthly package' }),
  charge({ id: 2, product: 'prs', amount: 50, balance_after: 121_416, reference: 'PRS-0002' }),
];
const consumptionPage = (total = charges.length, amountTotal = 2_040) => ({
  body: { items: charges, total, amount_total: amountTotal },
});

const renderConsumption = (options: PageOptions = {}) =>
  renderFinancePage('consume_record', { [`GET ${FINANCE_PATHS.consumption}`]: consumptionPage() }, options);
const listCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', FINANCE_PATHS.consumption);
const table = () => screen.findByRole('table', { name: en.consumption.title });

describe('consume_record', () => {
  it('lists each charge: time, product by name, reference, note, amount spent and the balance after', async () => {
    const { api } = await renderConsumption();
    const video = (await within(await table()).findByText('Monthly package')).closest('tr') as HTMLElement;
    expect(within(video).getByText(en.products.cloud_video)).toBeTruthy();
    expect(within(video).getByText('¥19.90')).toBeTruthy();
    expect(within(video).getByText('¥1,214.66')).toBeTruthy();
    expect(within(video).getByText('12345678901320000011 2026-03')).toBeTruthy();
    const plate = (await within(await table()).findByText('PRS-0002')).closest('tr') as HTMLElement;
    expect(within(plate).getByText(en.products.prs)).toBeTruthy();
    expect(within(plate).getByText('¥0.50')).toBeTruthy();
    // Newest first, as the server's default.
    expect(ordersOf(listCalls(api.calls)[0])).toEqual([{ k: 'created_at', o: 'desc' }]);
  });

  it('shows above the table what every charge of the filter totals', async () => {
    await renderConsumption({
      answers: { [`GET ${FINANCE_PATHS.consumption}`]: consumptionPage(120, 1_234_500) },
    });
    expect(await screen.findByText('Total spent: ¥12,345.00')).toBeTruthy();
  });

  it('filters become wheres, and the total follows the filter', async () => {
    const { api } = await renderConsumption({
      answers: {
        [`GET ${FINANCE_PATHS.consumption}`]: (call) =>
          wheresOf(call).length > 0 ? consumptionPage(1, 50) : consumptionPage(),
      },
    });
    expect(await screen.findByText('Total spent: ¥20.40')).toBeTruthy();
    const filters = screen.getByRole('form', { name: en.consumption.filters });
    await choose(filters, en.consumption.product, en.products.prs);
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.consumption.reference }), 'PRS');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'product', o: '=', v: 'prs' },
        { k: 'reference', o: 'like', v: 'PRS' },
      ]),
    );
    expect(await screen.findByText('Total spent: ¥0.50')).toBeTruthy();
  });

  it('a date range becomes a created_at between, whole local days', async () => {
    const { api } = await renderConsumption();
    await table();
    const filters = screen.getByRole('form', { name: en.consumption.filters });
    await userEvent.click(within(filters).getByRole('button', { name: new RegExp(en.consumption.time) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'created_at', o: 'between', v: wholeDays(lastDays(7)) },
      ]),
    );
  });

  it('sorts by amount through orders', async () => {
    const { api } = await renderConsumption();
    await table();
    await userEvent.click(screen.getByRole('button', { name: en.consumption.amount }));
    await waitFor(() => expect(ordersOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'amount', o: 'asc' }]));
  });

  it('exports the .xlsx of the current filter and sort with the export button', async () => {
    const { api } = await renderConsumption({
      roleId: 4,
      buttons: ['export'],
      answers: { [`GET ${FINANCE_PATHS.consumptionExport}`]: { text: 'xlsx' } },
    });
    await table();
    const filters = screen.getByRole('form', { name: en.consumption.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.consumption.reference }), '1234');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'reference', o: 'like', v: '1234' }]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const call = callsTo(api.calls, 'GET', FINANCE_PATHS.consumptionExport)[0];
    expect(wheresOf(call)).toEqual([{ k: 'reference', o: 'like', v: '1234' }]);
    expect(ordersOf(call)).toEqual([{ k: 'created_at', o: 'desc' }]);
  });

  it('hides the export button from a role without it', async () => {
    await renderConsumption({ roleId: 4, buttons: [] });
    await table();
    expect(await screen.findByText('Total spent: ¥20.40')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('shows the server’s message when it refuses the export', async () => {
    await renderConsumption({
      answers: {
        [`GET ${FINANCE_PATHS.consumptionExport}`]: refusal(400, {
          code: 'log_export_too_many_rows',
          message: 'Log export at most 5000 rows: narrow the time range or the filters',
        }),
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('Log export at most 5000 rows: narrow the time range or the filters'),
    ).toBeTruthy();
    expect(screen.queryByText('The export was downloaded')).toBeNull();
  });

  it(`says so without asking when more than ${CONSUMPTION_EXPORT_MAX_ROWS} charges match`, async () => {
    const { api } = await renderConsumption({
      answers: { [`GET ${FINANCE_PATHS.consumption}`]: consumptionPage(CONSUMPTION_EXPORT_MAX_ROWS + 1) },
    });
    await screen.findByText('Total spent: ¥20.40');
    expect(await exportTooMany()).toBeTruthy();
    expect(callsTo(api.calls, 'GET', FINANCE_PATHS.consumptionExport)).toEqual([]);
  });

  it('says so when no charge matches', async () => {
    await renderConsumption({
      answers: { [`GET ${FINANCE_PATHS.consumption}`]: { body: { items: [], total: 0, amount_total: 0 } } },
    });
    expect(await screen.findByText(en.consumption.empty)).toBeTruthy();
    expect(screen.getByText('Total spent: ¥0.00')).toBeTruthy();
  });

  it('speaks the language the user chose', async () => {
    await renderConsumption({ language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.consumption.title })).toBeTruthy();
    // In the table: the product filter's hidden native select holds the same word once it is drawn.
    const rows = await screen.findByRole('table', { name: zhTW.consumption.title });
    expect(await within(rows).findByText(zhTW.products.cloud_video)).toBeTruthy();
    expect(await screen.findByText('消費合計：¥20.40')).toBeTruthy();
  });
});

describe('consume_record: the notes of cloud package charges', () => {
  const cloudCharges = [
    charge({ id: 11, amount: 1_000, note: 'cbs:open:r', reference: 'SN0001/cloud_backup/1/2026-11/open-r' }),
    charge({
      id: 12,
      amount: 750,
      note: 'cbs:upgrade:r',
      reference: 'SN0001/cloud_backup/2/2026-11/upgrade-r',
    }),
    charge({ id: 13, amount: 500, note: 'cbs:month:c', reference: 'SN0001/cloud_backup/3/2026-12/month-c' }),
    // Not a code of a cloud package: shown as written.
    charge({ id: 14, amount: 100, note: 'cbs:refund:r', reference: 'OTHER-1' }),
  ];
  const withCloudCharges = (options: PageOptions = {}) =>
    renderConsumption({
      ...options,
      answers: {
        [`GET ${FINANCE_PATHS.consumption}`]: {
          body: { items: cloudCharges, total: 4, amount_total: 2_350 },
        },
      },
    });
  const noteOf = async (reference: string) => {
    const row = (await within(await table()).findByText(reference)).closest('tr') as HTMLElement;
    return row.querySelectorAll('td')[3]?.textContent;
  };

  it('a cloud package’s charge note is said in words: opened, upgraded or billed for the month, with the plan', async () => {
    await withCloudCharges();
    expect(await noteOf('SN0001/cloud_backup/1/2026-11/open-r')).toBe('R series opened (rest of the month)');
    expect(await noteOf('SN0001/cloud_backup/2/2026-11/upgrade-r')).toBe(
      'Upgraded to R series (difference, rest of the month)',
    );
    expect(await noteOf('SN0001/cloud_backup/3/2026-12/month-c')).toBe('C series, monthly');
  });

  it('a note that is no cloud package code is shown as it is', async () => {
    await withCloudCharges();
    expect(await noteOf('OTHER-1')).toBe('cbs:refund:r');
  });

  it('the notes speak the language the user chose', async () => {
    await withCloudCharges({ language: 'zh-CN' });
    const row = (await screen.findByText('SN0001/cloud_backup/2/2026-11/upgrade-r')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('升级为R 系列（差价，本月剩余时间）')).toBeTruthy();
  });
});
