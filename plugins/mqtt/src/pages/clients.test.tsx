import '../test-support.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MQTT_PATHS } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, ordersOf, refusal, wheresOf } from '@vap/kernel/testing';
import { lastDays, wholeDays } from '@vap/ui';
import { choose, downloadCapture, exportTooMany, setVisibility } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTO_REFRESH_MS } from '../common/auto-refresh.js';
import en from '../locales/en.json';
import { mqttClient, type PageOptions, pageOf, renderMqttPage } from '../test-support.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const gate = mqttClient({ client_id: '12345678901320000011', ip: '10.0.0.8', transport: 'tls' });
const lobby = mqttClient({
  client_id: '12345678901320000012',
  ip: '10.0.0.9',
  protocol_level: 3,
  device_id: 12,
});
const debugTool = mqttClient({
  client_id: 'dbg/1 a',
  username: 'debug:1',
  kind: 'user',
  auth: 'debug_token',
  device_id: null,
  user_id: 1,
  transport: 'ws',
});

const renderDevices = (options: PageOptions = {}) =>
  renderMqttPage('mqtt_device_client', { [`GET ${MQTT_PATHS.clients}`]: pageOf([gate, lobby]) }, options);
const listCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', MQTT_PATHS.clients);

const rowOf = async (title: string, id: string) => {
  const table = await screen.findByRole('table', { name: title });
  // The detail button names the row (a device's username is its serial too).
  return (await within(table).findByRole('button', { name: `Details of ${id}` })).closest(
    'tr',
  ) as HTMLElement;
};

describe('mqtt_device_client: the list', () => {
  it('lists the connected devices, newest first, asking for device clients only', async () => {
    const { api } = await renderDevices();
    const row = await rowOf(en.clients.deviceTitle, gate.client_id);
    expect(within(row).getByText('10.0.0.8')).toBeTruthy();
    expect(within(row).getByText(en.transport.tls)).toBeTruthy();
    expect(within(row).getByText(en.protocol.v4)).toBeTruthy();
    expect(
      within(await rowOf(en.clients.deviceTitle, lobby.client_id)).getByText(en.protocol.v3),
    ).toBeTruthy();
    const [first] = listCalls(api.calls);
    expect(wheresOf(first)).toEqual([{ k: 'kind', o: '=', v: 'device' }]);
    expect(ordersOf(first)).toEqual([{ k: 'connected_at', o: 'desc' }]);
    expect(first?.query.get('page')).toBe('1');
  });

  it('filters become wheres: client id, username, IP, transport and protocol level', async () => {
    const { api } = await renderDevices();
    await rowOf(en.clients.deviceTitle, gate.client_id);
    const filters = screen.getByRole('form', { name: en.clients.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.client.clientId }), ' 1234 ');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.client.username }), 'cam');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.client.ip }), '10.0.');
    await choose(filters, en.client.transport, en.transport.ws);
    await choose(filters, en.client.protocol, en.protocol.v4);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'kind', o: '=', v: 'device' },
        { k: 'client_id', o: 'like', v: '1234' },
        { k: 'username', o: 'like', v: 'cam' },
        { k: 'ip', o: 'like', v: '10.0.' },
        { k: 'transport', o: '=', v: 'ws' },
        { k: 'protocol_level', o: '=', v: 4 },
      ]),
    );
    await userEvent.click(within(filters).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'kind', o: '=', v: 'device' }]),
    );
  });

  it('says how long a client has been connected, and its message counts short (spec §9)', async () => {
    localStorage.clear();
    const busy = mqttClient({
      client_id: '12345678901320000015',
      device_id: 15,
      connected_at: new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString(),
      messages_in: 1_234_567,
      messages_out: 999,
    });
    await renderMqttPage('mqtt_device_client', { [`GET ${MQTT_PATHS.clients}`]: pageOf([busy]) });
    const row = await rowOf(en.clients.deviceTitle, busy.client_id);
    expect(row.querySelector('td[data-kind="date"]')?.textContent).toBe('3 hours ago');
    // The message counts start hidden: shown with the column chooser.
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = await screen.findByRole('dialog', { name: 'Columns' });
    await userEvent.click(within(chooser).getByRole('checkbox', { name: en.client.messagesIn }));
    await userEvent.click(within(chooser).getByRole('checkbox', { name: en.client.messagesOut }));
    const count = within(row).getByText('1.2M');
    expect(count.getAttribute('title')).toBe('1,234,567');
    expect(within(row).getByText('999')).toBeTruthy();
    localStorage.clear();
  });

  it('shows an MQTT 5 client as MQTT 5.0, and filters on protocol level 5', async () => {
    const modern = mqttClient({ client_id: '12345678901320000013', protocol_level: 5, device_id: 13 });
    const { api } = await renderMqttPage('mqtt_device_client', {
      [`GET ${MQTT_PATHS.clients}`]: pageOf([modern, gate]),
    });
    const row = await rowOf(en.clients.deviceTitle, modern.client_id);
    expect(within(row).getByText(en.protocol.v5)).toBeTruthy();
    const filters = screen.getByRole('form', { name: en.clients.filters });
    await choose(filters, en.client.protocol, en.protocol.v5);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'kind', o: '=', v: 'device' },
        { k: 'protocol_level', o: '=', v: 5 },
      ]),
    );
  });

  it('the connection days become a connected_at between, whole local days', async () => {
    const { api } = await renderMqttPage('mqtt_user_client', {
      [`GET ${MQTT_PATHS.clients}`]: pageOf([debugTool]),
    });
    await rowOf(en.clients.userTitle, debugTool.client_id);
    const filters = screen.getByRole('form', { name: en.clients.filters });
    await userEvent.click(within(filters).getByRole('button', { name: new RegExp(en.client.connectedAt) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'kind', o: '=', v: 'user' },
        { k: 'connected_at', o: 'between', v: wholeDays(lastDays(7)) },
      ]),
    );
  });

  it("opens a client's detail in a drawer", async () => {
    await renderDevices();
    await rowOf(en.clients.deviceTitle, gate.client_id);
    await userEvent.click(screen.getByRole('button', { name: `Details of ${gate.client_id}` }));
    const drawer = await screen.findByRole('dialog', { name: `Client ${gate.client_id}` });
    for (const text of [
      '10.0.0.8',
      en.transport.tls,
      en.protocol.v4,
      '60 seconds',
      '120',
      '7',
      'node-a',
      '11',
    ]) {
      expect(within(drawer).getByText(text), text).toBeTruthy();
    }
    expect(within(drawer).getByText(en.client.deviceId)).toBeTruthy();
    expect(within(drawer).getByText(en.common.yes)).toBeTruthy();
  });

  it('shows the server message in the list when it fails (only logged besides: it polls), and says so when nothing is connected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderDevices({
      answers: {
        [`GET ${MQTT_PATHS.clients}`]: refusal(503, { code: 'internal', message: 'Broker unavailable' }),
      },
    });
    const table = await screen.findByRole('table', { name: en.clients.deviceTitle });
    expect((await within(table).findByRole('alert')).textContent).toContain('Broker unavailable');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Broker unavailable'));
    expect(screen.getAllByText('Broker unavailable')).toHaveLength(1);
    cleanup();
    await renderDevices({ answers: { [`GET ${MQTT_PATHS.clients}`]: pageOf([]) } });
    expect(await screen.findByText(en.clients.empty)).toBeTruthy();
  });
});

describe('mqtt_user_client', () => {
  it('lists the user clients with their credential, asking for user clients only', async () => {
    const { api } = await renderMqttPage('mqtt_user_client', {
      [`GET ${MQTT_PATHS.clients}`]: pageOf([debugTool]),
    });
    const row = await rowOf(en.clients.userTitle, debugTool.client_id);
    expect(within(row).getByText(en.auth.debug_token)).toBeTruthy();
    expect(wheresOf(listCalls(api.calls)[0])).toEqual([{ k: 'kind', o: '=', v: 'user' }]);
  });

  it('kicks after a confirmation, with the client id encoded in the path', async () => {
    const { api } = await renderMqttPage('mqtt_user_client', {
      [`GET ${MQTT_PATHS.clients}`]: pageOf([debugTool]),
      [`DELETE ${MQTT_PATHS.client(debugTool.client_id)}`]: { status: 204 },
    });
    const row = await rowOf(en.clients.userTitle, debugTool.client_id);
    await userEvent.click(within(row).getByRole('button', { name: en.clients.kick }));
    const question = await screen.findByRole('alertdialog', { name: 'Disconnect dbg/1 a?' });
    expect(callsTo(api.calls, 'DELETE', MQTT_PATHS.client(debugTool.client_id))).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: en.clients.kick }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        '/v1/mtx/company/clients/dbg%2F1%20a',
      ]),
    );
    expect(await screen.findByText('dbg/1 a was disconnected')).toBeTruthy();
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThan(1));
  });
});

describe('mqtt_device_client: kicking', () => {
  it('a cancelled confirmation kicks nobody', async () => {
    const { api } = await renderDevices();
    await userEvent.click(
      within(await rowOf(en.clients.deviceTitle, gate.client_id)).getByRole('button', {
        name: en.clients.kick,
      }),
    );
    const question = await screen.findByRole('alertdialog', { name: `Disconnect ${gate.client_id}?` });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('batch kick asks once, then disconnects each selected client', async () => {
    const { api } = await renderDevices({
      answers: {
        [`DELETE ${MQTT_PATHS.client(gate.client_id)}`]: { status: 204 },
        [`DELETE ${MQTT_PATHS.client(lobby.client_id)}`]: { status: 204 },
      },
    });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect (2)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Disconnect 2 clients?' });
    await userEvent.click(within(question).getByRole('button', { name: en.clients.kick }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((call) => call.method === 'DELETE')
          .map((call) => call.path)
          .sort(),
      ).toEqual([MQTT_PATHS.client(gate.client_id), MQTT_PATHS.client(lobby.client_id)]),
    );
    expect(await screen.findByText('Clients disconnected: 2')).toBeTruthy();
  });

  it('a batch sums up the clients it could not kick', async () => {
    // The batch's calls are quiet: the kernel only logs each failure.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderDevices({
      answers: {
        [`DELETE ${MQTT_PATHS.client(gate.client_id)}`]: { status: 204 },
        [`DELETE ${MQTT_PATHS.client(lobby.client_id)}`]: refusal(404, {
          code: 'not_found',
          message: 'The client is not connected',
        }),
      },
    });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect (2)' }));
    const question = await screen.findByRole('alertdialog', { name: 'Disconnect 2 clients?' });
    await userEvent.click(within(question).getByRole('button', { name: en.clients.kick }));
    expect(
      await screen.findByText('1 of 2 clients could not be disconnected: The client is not connected'),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('The client is not connected'));
  });

  it('kicks from the detail drawer too', async () => {
    const { api } = await renderDevices({
      answers: { [`DELETE ${MQTT_PATHS.client(gate.client_id)}`]: { status: 204 } },
    });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    await userEvent.click(screen.getByRole('button', { name: `Details of ${gate.client_id}` }));
    const drawer = await screen.findByRole('dialog', { name: `Client ${gate.client_id}` });
    await userEvent.click(within(drawer).getByRole('button', { name: en.clients.kick }));
    const question = await screen.findByRole('alertdialog', { name: `Disconnect ${gate.client_id}?` });
    await userEvent.click(within(question).getByRole('button', { name: en.clients.kick }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'DELETE', MQTT_PATHS.client(gate.client_id))).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: `Client ${gate.client_id}` })).toBeNull(),
    );
  });

  it('a role without the kick button sees no kick, no selection, and a drawer without it', async () => {
    await renderDevices({ roleId: 4, buttons: [] });
    const row = await rowOf(en.clients.deviceTitle, gate.client_id);
    expect(within(row).queryByRole('button', { name: en.clients.kick })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `Details of ${gate.client_id}` }));
    const drawer = await screen.findByRole('dialog', { name: `Client ${gate.client_id}` });
    expect(within(drawer).queryByRole('button', { name: en.clients.kick })).toBeNull();
  });

  it('a role with the kick button gets it', async () => {
    await renderDevices({ roleId: 4, buttons: ['kick'] });
    const row = await rowOf(en.clients.deviceTitle, gate.client_id);
    expect(within(row).getByRole('button', { name: en.clients.kick })).toBeTruthy();
  });
});

describe('mqtt_device_client: auto refresh', () => {
  afterEach(() => setVisibility('visible'));

  it('asks again every few seconds, not while the browser tab is hidden, and not once switched off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await renderDevices();
    await rowOf(en.clients.deviceTitle, gate.client_id);
    const asked = () => listCalls(api.calls).length;
    expect(asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    await waitFor(() => expect(asked()).toBe(2));

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS * 3);
    expect(asked()).toBe(2);
    // Shown again: it catches up at once, then goes on.
    setVisibility('visible');
    await waitFor(() => expect(asked()).toBe(3));
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    await waitFor(() => expect(asked()).toBe(4));

    await userEvent.click(screen.getByRole('switch', { name: 'Refresh every 5 s' }), {
      advanceTimers: vi.advanceTimersByTime,
    });
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS * 3);
    expect(asked()).toBe(4);
  });
});

describe('mqtt_device_client: export', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  /** The files the page hands the browser to download, with the names it gives them. */
  const downloads = downloadCapture();
  beforeEach(downloads.start);
  afterEach(downloads.stop);
  const exportCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', MQTT_PATHS.clientsExport);

  it("downloads the .xlsx of the list's filter and order with the role's export button", async () => {
    const { api } = await renderDevices({
      roleId: 4,
      buttons: ['export'],
      answers: { [`GET ${MQTT_PATHS.clientsExport}`]: { text: 'xlsx', headers: { 'content-type': XLSX } } },
    });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    const filters = screen.getByRole('form', { name: en.clients.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.client.ip }), '10.0.');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: en.client.clientId }));
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const [call] = exportCalls(api.calls);
    expect(wheresOf(call)).toEqual([
      { k: 'kind', o: '=', v: 'device' },
      { k: 'ip', o: 'like', v: '10.0.' },
    ]);
    expect(ordersOf(call)).toEqual([{ k: 'client_id', o: 'asc' }]);
    expect(ordersOf(listCalls(api.calls).at(-1))).toEqual([{ k: 'client_id', o: 'asc' }]);
    expect(downloads.files).toHaveLength(1);
    expect(downloads.files[0]?.name).toMatch(/^mqtt-device-clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(downloads.files[0]?.blob.type).toBe(XLSX);
  });

  it('is hidden from a role without the export button, and on the user clients page', async () => {
    await renderDevices({ roleId: 4, buttons: ['kick'] });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    cleanup();
    // The owner holds every button; user clients have no export all the same.
    await renderMqttPage('mqtt_user_client', { [`GET ${MQTT_PATHS.clients}`]: pageOf([debugTool]) });
    await rowOf(en.clients.userTitle, debugTool.client_id);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('says so without asking when more than 5000 clients match (spec §8)', async () => {
    const { api } = await renderDevices({
      answers: { [`GET ${MQTT_PATHS.clients}`]: pageOf([gate, lobby], 5001) },
    });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    expect(await exportTooMany()).toBeTruthy();
    expect(exportCalls(api.calls)).toEqual([]);
  });

  it("shows the server's message when it refuses the export", async () => {
    await renderDevices({
      answers: {
        [`GET ${MQTT_PATHS.clientsExport}`]: refusal(400, {
          code: 'log_export_too_many_rows',
          message: 'Log export at most 5000 rows: narrow the time range or the filters',
        }),
      },
    });
    await rowOf(en.clients.deviceTitle, gate.client_id);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('Log export at most 5000 rows: narrow the time range or the filters'),
    ).toBeTruthy();
    expect(downloads.files).toEqual([]);
  });
});
