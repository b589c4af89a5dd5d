import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_PATHS } from '@vap/contracts';
import { callsTo, ordersOf, refusal, wheresOf } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import {
  batchAction,
  batchDialog,
  choose,
  device,
  deviceAnswers,
  deviceRow,
  group,
  type PageOptions,
  renderDevicePage,
  rowAction,
  rowActionNames,
} from '../test-support.js';

const lobby = group({ id: 1, name: 'Lobby', devices: 2, max_devices: 10 });
const gate = group({ id: 2, name: 'Gate', devices: 0, max_devices: 5 });
const front = device({ id: 11, name: 'front-door' });
const back = device({ id: 12, name: 'back-door', status: 'offline', group_id: null, group_name: '' });
const theirs = device({ id: 13, name: 'branch-cam', read_only: true, company_name: 'Branch Ltd' });

const ALL_BUTTONS = ['bind', 'edit', 'unbind', 'move', 'group', 'import', 'export'];
const renderMaintenance = (options: PageOptions = {}) =>
  renderDevicePage('device_maintenance', deviceAnswers([front, back, theirs], [lobby, gate], 1), options);

const listCalls = (api: { calls: Parameters<typeof callsTo>[0] }) =>
  callsTo(api.calls, 'GET', DEVICE_PATHS.devices);

describe('device_maintenance: the list (spec §3 Device, §6)', () => {
  it('lists the devices with status, group and company; a downstream device is marked read-only', async () => {
    await renderMaintenance();
    expect(await screen.findByRole('heading', { name: en.maintenance.title })).toBeTruthy();
    const row = await deviceRow('front-door');
    expect(within(row).getByText(front.sn)).toBeTruthy();
    expect(within(row).getByText(en.status.online)).toBeTruthy();
    expect(within(row).getByText('Lobby')).toBeTruthy();
    expect(within(await deviceRow('back-door')).getByText(en.groups.ungrouped)).toBeTruthy();
    expect(within(await deviceRow('branch-cam')).getByText(en.maintenance.readOnly)).toBeTruthy();
  });

  it('the last time online says how long ago under two days, the compact date after, Never without one (spec §9)', async () => {
    const minutesAgo = new Date(Date.now() - 5 * 60_000 - 10_000).toISOString();
    const old = new Date(2026, 2, 2, 9, 30);
    await renderDevicePage(
      'device_maintenance',
      deviceAnswers(
        [
          device({ id: 11, name: 'front-door', last_online_at: minutesAgo }),
          device({ id: 12, name: 'back-door', last_online_at: old.toISOString() }),
          device({ id: 14, name: 'new-cam', last_online_at: null }),
        ],
        [lobby],
      ),
    );
    const lastOnline = async (name: string) =>
      (await deviceRow(name)).querySelectorAll('td[data-kind="date"]')[0]?.textContent;
    expect(await lastOnline('front-door')).toBe('5 minutes ago');
    expect(await lastOnline('back-door')).toBe('2026-03-02 09:30');
    expect(await lastOnline('new-cam')).toBe(en.common.never);
  });

  it('folds the row actions beyond two into a "more" menu, the actions column kept narrow', async () => {
    // The owner: every action of the page, on an online device of the company's own.
    await renderMaintenance();
    const row = await deviceRow('front-door');
    const actions = row.querySelector('td[data-kind="actions"]') as HTMLElement;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([en.maintenance.rename, en.maintenance.move, 'More']);
    expect(await rowActionNames(row)).toEqual([
      en.maintenance.rename,
      en.maintenance.move,
      en.maintenance.upgrade,
      en.maintenance.configure,
      en.maintenance.whitelist,
      en.maintenance.terminal,
      en.maintenance.unbind,
    ]);
  });

  it('filters become wheres: serial, name, model, status, network mode and firmware version', async () => {
    const { api } = await renderMaintenance();
    await deviceRow('front-door');
    const filters = screen.getByRole('form', { name: en.maintenance.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.sn }), ' 1234 ');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.name }), 'door');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.model }), 'VC-200');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.firmwareVersion }), 'V2');
    await choose(filters, en.device.status, en.status.offline);
    await choose(filters, en.device.networkMode, en.network.iot_card);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api).at(-1))).toEqual([
        { k: 'sn', o: 'like', v: '1234' },
        { k: 'name', o: 'like', v: 'door' },
        { k: 'model', o: '=', v: 'VC-200' },
        { k: 'status', o: '=', v: 'offline' },
        { k: 'network_mode', o: '=', v: 'iot_card' },
        { k: 'firmware_version', o: 'like', v: 'V2' },
      ]),
    );
    await userEvent.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(wheresOf(listCalls(api).at(-1))).toEqual([]));
  });

  it('the group tree filters the list: a group by its id, the ungrouped devices as group_id 0', async () => {
    const { api } = await renderMaintenance();
    await deviceRow('front-door');
    const groups = screen.getByRole('navigation', { name: en.groups.label });
    expect(within(groups).getByRole('button', { name: /^Lobby/ }).textContent).toContain('2 / 10');
    await userEvent.click(within(groups).getByRole('button', { name: /^Gate/ }));
    await waitFor(() => expect(wheresOf(listCalls(api).at(-1))).toEqual([{ k: 'group_id', o: '=', v: 2 }]));
    await userEvent.click(within(groups).getByRole('button', { name: /Ungrouped/ }));
    await waitFor(() => expect(wheresOf(listCalls(api).at(-1))).toEqual([{ k: 'group_id', o: '=', v: 0 }]));
    await userEvent.click(within(groups).getByRole('button', { name: en.groups.all }));
    await waitFor(() => expect(wheresOf(listCalls(api).at(-1))).toEqual([]));
  });

  it('shows "ungrouped" only when the server answers its count', async () => {
    await renderMaintenance({ answers: deviceAnswers([front], [lobby]) });
    const groups = await screen.findByRole('navigation', { name: en.groups.label });
    await within(groups).findByRole('button', { name: /^Lobby/ });
    expect(within(groups).queryByRole('button', { name: /Ungrouped/ })).toBeNull();
  });

  it('sortable columns are sent as orders', async () => {
    const { api } = await renderMaintenance();
    await deviceRow('front-door');
    await userEvent.click(screen.getByRole('button', { name: en.device.lastOnline }));
    await waitFor(() => expect(ordersOf(listCalls(api).at(-1))).toEqual([{ k: 'last_online_at', o: 'asc' }]));
    await userEvent.click(screen.getByRole('button', { name: en.device.lastOnline }));
    await waitFor(() =>
      expect(ordersOf(listCalls(api).at(-1))).toEqual([{ k: 'last_online_at', o: 'desc' }]),
    );
  });

  it('offers the page sizes 10, 20, 50 and 100', async () => {
    await renderMaintenance();
    await deviceRow('front-door');
    const sizes = within(screen.getByRole('combobox', { name: 'Rows per page' })).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual([
      '10 / page',
      '20 / page',
      '50 / page',
      '100 / page',
    ]);
  });

  it('remembers the column choice per user', async () => {
    const { kernel } = await renderMaintenance();
    await deviceRow('front-door');
    expect(screen.queryByRole('columnheader', { name: en.device.mac })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: en.device.mac }));
    expect(await screen.findByRole('columnheader', { name: en.device.mac })).toBeTruthy();
    const userId = kernel.session.state.user?.id;
    expect(
      JSON.parse(localStorage.getItem(`vap_table_columns:devices-maintenance-${userId}`) ?? '{}'),
    ).toEqual({
      mac: true,
    });
  });

  it('shows the server message when the list fails, and Retry loads it again', async () => {
    const { api } = await renderMaintenance({
      answers: {
        [`GET ${DEVICE_PATHS.devices}`]: refusal(500, { code: 'internal', message: 'Database unavailable' }),
      },
    });
    const table = await screen.findByRole('table', { name: en.maintenance.title });
    expect((await within(table).findByRole('alert')).textContent).toContain('Database unavailable');
    await userEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
  });

  it('says so when no device matches', async () => {
    await renderMaintenance({ answers: deviceAnswers([], [lobby]) });
    expect(await screen.findByText(en.maintenance.empty)).toBeTruthy();
  });
});

describe('device_maintenance: permissions (spec §6)', () => {
  it('read-only rows offer no unbind, move or rename and cannot be selected', async () => {
    await renderMaintenance();
    const row = await deviceRow('branch-cam');
    expect(await rowActionNames(row)).toEqual([]);
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    const own = await deviceRow('front-door');
    expect(await rowActionNames(own)).toContain(en.maintenance.unbind);
    expect((within(own).getByRole('checkbox') as HTMLInputElement).disabled).toBe(false);
    // Select-all takes only the rows that may be selected.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('button', { name: 'Unbind (2)' })).toBeTruthy();
  });

  it("buttons hidden per role: a role without the page's buttons sees the list only", async () => {
    await renderMaintenance({ roleId: 4, buttons: [] });
    await deviceRow('front-door');
    for (const name of [en.maintenance.bind, en.maintenance.import, 'Export', en.groups.add]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(within(await deviceRow('front-door')).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('buttons shown per role: each button of the role brings its own action', async () => {
    await renderMaintenance({ roleId: 4, buttons: ['bind', 'move', 'export'] });
    const row = await deviceRow('front-door');
    expect(screen.getByRole('button', { name: en.maintenance.bind })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.maintenance.import })).toBeNull();
    expect(await rowActionNames(row)).toEqual([en.maintenance.move]);
  });
});

describe('device_maintenance: actions', () => {
  it('unbinds one device after a confirmation', async () => {
    const { api } = await renderMaintenance({
      buttons: ALL_BUTTONS,
      answers: { [`DELETE ${DEVICE_PATHS.device(11)}`]: { status: 204 } },
    });
    await userEvent.click(await rowAction(await deviceRow('front-door'), en.maintenance.unbind));
    const question = await screen.findByRole('alertdialog', { name: 'Unbind front-door?' });
    await userEvent.click(within(question).getByRole('button', { name: en.maintenance.unbind }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', DEVICE_PATHS.device(11))).toHaveLength(1));
    expect(await screen.findByText('front-door was unbound')).toBeTruthy();
  });

  it('a cancelled confirmation unbinds nothing', async () => {
    const { api } = await renderMaintenance();
    await userEvent.click(await rowAction(await deviceRow('front-door'), en.maintenance.unbind));
    const question = await screen.findByRole('alertdialog', { name: 'Unbind front-door?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('batch unbind sends the selected devices after a confirmation', async () => {
    const { api } = await renderMaintenance({
      answers: { [`POST ${DEVICE_PATHS.unbind}`]: { body: { count: 2 } } },
    });
    await batchAction([11, 12], 'Unbind (2)');
    const question = await screen.findByRole('alertdialog', { name: 'Unbind 2 devices?' });
    await userEvent.click(within(question).getByRole('button', { name: en.maintenance.unbind }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', DEVICE_PATHS.unbind)[0]?.body).toEqual({ device_ids: [11, 12] }),
    );
    expect(await screen.findByText('Devices unbound: 2')).toBeTruthy();
  });

  it('batch move sends the selected devices and the chosen group', async () => {
    const { api } = await renderMaintenance({
      answers: { [`POST ${DEVICE_PATHS.move}`]: { body: { count: 2 } } },
    });
    const dialog = await batchDialog([11, 12], 'Move (2)', 'Move 2 devices to another group');
    await choose(dialog, en.maintenance.moveTo, 'Gate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', DEVICE_PATHS.move)[0]?.body).toEqual({
        device_ids: [11, 12],
        group_id: 2,
      }),
    );
    expect(await screen.findByText('Devices moved: 2')).toBeTruthy();
  });

  it('moves one device out of every group', async () => {
    const { api } = await renderMaintenance({
      answers: { [`POST ${DEVICE_PATHS.move}`]: { body: { count: 1 } } },
    });
    await userEvent.click(
      within(await deviceRow('front-door')).getByRole('button', { name: en.maintenance.move }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move front-door to another group' });
    await choose(dialog, en.maintenance.moveTo, en.groups.ungrouped);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', DEVICE_PATHS.move)[0]?.body).toEqual({
        device_ids: [11],
        group_id: null,
      }),
    );
  });

  it('the rename dialog checks the device name of §5.4 before sending', async () => {
    const { api } = await renderMaintenance({
      answers: { [`PATCH ${DEVICE_PATHS.device(11)}`]: { status: 204 } },
    });
    await userEvent.click(
      within(await deviceRow('front-door')).getByRole('button', { name: en.maintenance.rename }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Rename the device ${front.sn}` });
    const name = within(dialog).getByLabelText(en.device.name);
    await userEvent.clear(name);
    await userEvent.type(name, 'front door!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Device name: Chinese characters, letters, digits, _ or -, 1 to 20 characters',
      ),
    ).toBeTruthy();
    expect(callsTo(api.calls, 'PATCH', DEVICE_PATHS.device(11))).toEqual([]);
    await userEvent.clear(name);
    await userEvent.type(name, '前门_01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'PATCH', DEVICE_PATHS.device(11))[0]?.body).toEqual({
        name: '前门_01',
        remark: '',
      }),
    );
  });

  it('exports the .xlsx of the current filter and sort', async () => {
    const { api } = await renderMaintenance({
      answers: {
        [`GET ${DEVICE_PATHS.export}`]: {
          text: 'xlsx',
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        },
      },
    });
    await deviceRow('front-door');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: en.groups.label })).getByRole('button', {
        name: /^Gate/,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: en.device.sn }));
    await waitFor(() => expect(ordersOf(listCalls(api).at(-1))).toEqual([{ k: 'sn', o: 'asc' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const call = callsTo(api.calls, 'GET', DEVICE_PATHS.export)[0];
    expect(wheresOf(call)).toEqual([{ k: 'group_id', o: '=', v: 2 }]);
    expect(ordersOf(call)).toEqual([{ k: 'sn', o: 'asc' }]);
  });
});

describe('device_maintenance: groups (spec §3 Group)', () => {
  it('creates a group with its maximum bound devices, checked by the schema', async () => {
    const { api } = await renderMaintenance({
      answers: {
        [`POST ${DEVICE_PATHS.groups}`]: { body: group({ id: 3, name: 'Parking', max_devices: 50 }) },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.groups.add }));
    const dialog = await screen.findByRole('dialog', { name: en.groups.addTitle });
    await userEvent.type(within(dialog).getByLabelText(en.groups.name), 'Parking');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Maximum bound devices: a whole number from 1 to 1,000,000'),
    ).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(en.groups.maxDevices), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', DEVICE_PATHS.groups)[0]?.body).toEqual({
        name: 'Parking',
        max_devices: 50,
      }),
    );
    expect(await screen.findByText('The group Parking was created')).toBeTruthy();
  });

  it('deletes a group after a confirmation that its devices become ungrouped', async () => {
    const { api } = await renderMaintenance({
      answers: { [`DELETE ${DEVICE_PATHS.group(1)}`]: { status: 204 } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the group Lobby' }));
    const question = await screen.findByRole('alertdialog', { name: 'Delete the group Lobby?' });
    expect(question.textContent).toContain('Its 2 devices stay bound and become ungrouped.');
    await userEvent.click(within(question).getByRole('button', { name: en.groups.delete }));
    await waitFor(() => expect(callsTo(api.calls, 'DELETE', DEVICE_PATHS.group(1))).toHaveLength(1));
    await waitFor(() => expect(callsTo(api.calls, 'GET', DEVICE_PATHS.groups).length).toBeGreaterThan(1));
  });

  it('renames a group', async () => {
    const { api } = await renderMaintenance({
      answers: { [`PUT ${DEVICE_PATHS.group(2)}`]: { body: { ...gate, name: 'North gate' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the group Gate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the group Gate' });
    const name = within(dialog).getByLabelText(en.groups.name);
    await userEvent.clear(name);
    await userEvent.type(name, 'North gate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'PUT', DEVICE_PATHS.group(2))[0]?.body).toEqual({
        name: 'North gate',
        max_devices: 5,
      }),
    );
  });

  it('a role without the group button may choose groups but not change them', async () => {
    await renderMaintenance({ roleId: 4, buttons: [] });
    const groups = await screen.findByRole('navigation', { name: en.groups.label });
    await within(groups).findByRole('button', { name: /^Lobby/ });
    expect(within(groups).queryByRole('button', { name: 'Edit the group Lobby' })).toBeNull();
    expect(within(groups).queryByRole('button', { name: 'Delete the group Lobby' })).toBeNull();
  });

  it('shows why the groups failed to load, with a retry', async () => {
    await renderMaintenance({
      answers: {
        [`GET ${DEVICE_PATHS.groups}`]: refusal(503, { code: 'internal', message: 'Try later' }),
      },
    });
    const groups = await screen.findByRole('navigation', { name: en.groups.label });
    expect((await within(groups).findByRole('alert')).textContent).toContain('Try later');
    expect(within(groups).getByRole('button', { name: en.common.retry })).toBeTruthy();
  });
});
