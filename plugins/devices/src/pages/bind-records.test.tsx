import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BIND_RECORD_EXPORT_MAX_ROWS, type BindRecord, DEVICE_PATHS } from '@vap/contracts';
import { callsTo, ordersOf, wheresOf } from '@vap/kernel/testing';
import { lastDays, wholeDays } from '@vap/ui';
import { exportTooMany } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { choose, type PageOptions, renderDevicePage } from '../test-support.js';

const record = (partial: Partial<BindRecord> & Pick<BindRecord, 'id'>): BindRecord => ({
  device_id: 11,
  sn: '12345678901320000011',
  action: 'bind',
  before: '',
  after: 'front-door',
  operator_id: 1,
  operator_name: '测试用户',
  source: 'console',
  created_at: '2026-03-02T09:30:00.000Z',
  ...partial,
});
const records = [
  record({ id: 1 }),
  record({ id: 2, action: 'move', before: 'Lobby', after: 'Gate', source: 'open_api' }),
];

const renderRecords = (options: PageOptions = {}) =>
  renderDevicePage(
    'device_bind_record',
    { [`GET ${DEVICE_PATHS.bindRecords}`]: { body: { items: records, total: records.length } } },
    options,
  );
const listCalls = (api: { calls: Parameters<typeof callsTo>[0] }) =>
  callsTo(api.calls, 'GET', DEVICE_PATHS.bindRecords);

describe('device_bind_record', () => {
  it('lists the records newest first, with action, before and after, operator and source', async () => {
    const { api } = await renderRecords();
    const table = await screen.findByRole('table', { name: en.records.title });
    const move = (await within(table).findByText('Gate')).closest('tr') as HTMLElement;
    expect(within(move).getByText(en.records.actions.move)).toBeTruthy();
    expect(within(move).getByText('Lobby')).toBeTruthy();
    expect(within(move).getByText(en.records.sources.open_api)).toBeTruthy();
    expect(ordersOf(listCalls(api)[0])).toEqual([{ k: 'created_at', o: 'desc' }]);
  });

  it('filters become wheres: serial, action and source', async () => {
    const { api } = await renderRecords();
    await screen.findByRole('table', { name: en.records.title });
    const filters = screen.getByRole('form', { name: en.records.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.sn }), '1234');
    await choose(filters, en.records.action, en.records.actions.unbind);
    await choose(filters, en.records.source, en.records.sources.import);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api).at(-1))).toEqual([
        { k: 'sn', o: 'like', v: '1234' },
        { k: 'action', o: '=', v: 'unbind' },
        { k: 'source', o: '=', v: 'import' },
      ]),
    );
  });

  it('a time range becomes a created_at between, whole local days', async () => {
    const { api } = await renderRecords();
    await screen.findByRole('table', { name: en.records.title });
    const filters = screen.getByRole('form', { name: en.records.filters });
    await userEvent.click(within(filters).getByRole('button', { name: new RegExp(en.records.time) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api).at(-1))).toEqual([
        { k: 'created_at', o: 'between', v: wholeDays(lastDays(7)) },
      ]),
    );
  });

  it('sorts by serial through orders', async () => {
    const { api } = await renderRecords();
    await screen.findByRole('table', { name: en.records.title });
    await userEvent.click(screen.getByRole('button', { name: en.device.sn }));
    await waitFor(() => expect(ordersOf(listCalls(api).at(-1))).toEqual([{ k: 'sn', o: 'asc' }]));
  });

  it('exports the .xlsx of the current filter and sort with the export button', async () => {
    const { api } = await renderRecords({
      roleId: 4,
      buttons: ['export'],
      answers: { [`GET ${DEVICE_PATHS.bindRecordsExport}`]: { text: 'xlsx' } },
    });
    await screen.findByRole('table', { name: en.records.title });
    const filters = screen.getByRole('form', { name: en.records.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.sn }), '99');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(wheresOf(listCalls(api).at(-1))).toEqual([{ k: 'sn', o: 'like', v: '99' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const call = callsTo(api.calls, 'GET', DEVICE_PATHS.bindRecordsExport)[0];
    expect(wheresOf(call)).toEqual([{ k: 'sn', o: 'like', v: '99' }]);
    expect(ordersOf(call)).toEqual([{ k: 'created_at', o: 'desc' }]);
  });

  it(`says an export beyond ${BIND_RECORD_EXPORT_MAX_ROWS} records is refused, without asking (spec §8)`, async () => {
    const { api } = await renderRecords({
      roleId: 4,
      buttons: ['export'],
      answers: {
        [`GET ${DEVICE_PATHS.bindRecords}`]: {
          body: { items: records, total: BIND_RECORD_EXPORT_MAX_ROWS + 1 },
        },
      },
    });
    await screen.findByRole('table', { name: en.records.title });
    expect(await exportTooMany(BIND_RECORD_EXPORT_MAX_ROWS)).toBeTruthy();
    expect(callsTo(api.calls, 'GET', DEVICE_PATHS.bindRecordsExport)).toEqual([]);
  });

  it('hides the export button from a role without it', async () => {
    await renderRecords({ roleId: 4, buttons: [] });
    await screen.findByRole('table', { name: en.records.title });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('says so when no record matches', async () => {
    await renderRecords({
      answers: { [`GET ${DEVICE_PATHS.bindRecords}`]: { body: { items: [], total: 0 } } },
    });
    expect(await screen.findByText(en.records.empty)).toBeTruthy();
  });
});
