import '../test-support.js';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MQTT_LOG_EXPORT_PATHS,
  MQTT_LOG_PATHS,
  type MqttLogKind,
  mqttLogExportBodySchema,
  mqttLogQuerySchema,
} from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal } from '@vap/kernel/testing';
import { blobText, choose, downloadCapture, exportTooMany } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { logEntry, type PageOptions, pageOf, renderMqttPage } from '../test-support.js';

const message = logEntry({
  id: 1,
  topic: 'vap/dev/12345678901320000011/up/status',
  qos: 1,
  retain: false,
  size: 15,
  payload: '{"online":true}',
  direction: 'up',
});
const online = logEntry({ id: 2, event: 'connect', ip: '10.0.0.8', transport: 'tcp' });
const offline = logEntry({
  id: 3,
  event: 'disconnect',
  ip: '10.0.0.8',
  transport: 'tcp',
  reason: 'keep-alive timeout',
});

const HOUR = 3600_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const renderLog = (options: PageOptions = {}) =>
  renderMqttPage(
    'mqtt_log',
    {
      [`POST ${MQTT_LOG_PATHS.message}`]: pageOf([message]),
      [`POST ${MQTT_LOG_PATHS.device_state}`]: pageOf([online, offline]),
    },
    options,
  );
const logCalls = (calls: readonly RecordedCall[], kind: MqttLogKind) =>
  callsTo(calls, 'POST', MQTT_LOG_PATHS[kind]);
type Body = { from: string; to: string; wheres: unknown[]; page?: number; size?: number };
const bodyOf = (call: RecordedCall | undefined) => call?.body as Body;
const span = (body: Body) => Date.parse(body.to) - Date.parse(body.from);

/** The files the page hands the browser to download. */
const downloads = downloadCapture();
beforeEach(downloads.start);
afterEach(() => {
  downloads.stop();
});

describe('mqtt_log: the logs', () => {
  it('asks the message log of the last hour, a page at a time, and shows its entries', async () => {
    const { api } = await renderLog();
    const table = await screen.findByRole('table', { name: en.log.kinds.message });
    const row = (await within(table).findByText(message.topic as string)).closest('tr') as HTMLElement;
    expect(within(row).getByText('{"online":true}')).toBeTruthy();
    expect(within(row).getByText(en.log.directions.up)).toBeTruthy();
    expect(within(row).getByText('15 bytes')).toBeTruthy();
    const body = bodyOf(logCalls(api.calls, 'message')[0]);
    expect(body).toMatchObject({ wheres: [], page: 1, size: 20 });
    expect(span(body)).toBe(HOUR);
    // A plain list in the body, as the server's schema reads it.
    expect(mqttLogQuerySchema.safeParse(body).success).toBe(true);
  });

  it('filters become the wheres of the body', async () => {
    const { api } = await renderLog();
    await screen.findByText(message.topic as string);
    const filters = screen.getByRole('form', { name: en.log.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.log.fields.client_id }), '1234');
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.log.fields.topic }), '/up/');
    await choose(filters, en.log.fields.direction, en.log.directions.down);
    await choose(filters, en.log.fields.qos, 'QoS 2');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodyOf(logCalls(api.calls, 'message').at(-1)).wheres).toEqual([
        { k: 'client_id', o: 'like', v: '1234' },
        { k: 'topic', o: 'like', v: '/up/' },
        { k: 'direction', o: '=', v: 'down' },
        { k: 'qos', o: '=', v: 2 },
      ]),
    );
  });

  it('each tab asks its own log with its own filters and columns', async () => {
    const { api } = await renderLog();
    await screen.findByText(message.topic as string);
    await userEvent.click(screen.getByRole('tab', { name: en.log.kinds.device_state }));
    const table = await screen.findByRole('table', { name: en.log.kinds.device_state });
    const row = (await within(table).findByText('keep-alive timeout')).closest('tr') as HTMLElement;
    expect(within(row).getByText(en.log.events.disconnect)).toBeTruthy();
    expect(within(row).getByText('10.0.0.8')).toBeTruthy();
    const filters = screen.getByRole('form', { name: en.log.filters });
    expect(within(filters).queryByRole('searchbox', { name: en.log.fields.topic })).toBeNull();
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.log.fields.ip }), '10.0.0.8');
    await choose(filters, en.log.fields.event, en.log.events.connect);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodyOf(logCalls(api.calls, 'device_state').at(-1)).wheres).toEqual([
        { k: 'ip', o: 'like', v: '10.0.0.8' },
        { k: 'event', o: '=', v: 'connect' },
      ]),
    );
    expect(span(bodyOf(logCalls(api.calls, 'device_state')[0]))).toBe(HOUR);
  });

  it('a longer range, or one typed, within seven days', async () => {
    const { api } = await renderLog();
    await screen.findByText(message.topic as string);
    const filters = screen.getByRole('form', { name: en.log.filters });
    await choose(filters, en.log.range, en.log.ranges['24h']);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(span(bodyOf(logCalls(api.calls, 'message').at(-1)))).toBe(24 * HOUR));

    await choose(filters, en.log.range, en.log.ranges.custom);
    fireEvent.change(within(filters).getByLabelText(en.log.from), { target: { value: '2026-03-01T08:00' } });
    fireEvent.change(within(filters).getByLabelText(en.log.to), { target: { value: '2026-03-09T08:00' } });
    const asked = logCalls(api.calls, 'message').length;
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    expect(await within(filters).findByText('A range spans at most 7 days')).toBeTruthy();
    expect(logCalls(api.calls, 'message')).toHaveLength(asked);

    fireEvent.change(within(filters).getByLabelText(en.log.to), { target: { value: '2026-03-02T08:30' } });
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(bodyOf(logCalls(api.calls, 'message').at(-1))).toMatchObject({
        from: new Date(2026, 2, 1, 8).toISOString(),
        to: new Date(2026, 2, 2, 8, 30).toISOString(),
        page: 1,
      }),
    );
  });

  it('says so when no entry matches', async () => {
    await renderLog({ answers: { [`POST ${MQTT_LOG_PATHS.message}`]: pageOf([]) } });
    expect(await screen.findByText(en.log.empty)).toBeTruthy();
  });
});

describe('mqtt_log: the export', () => {
  it("downloads the .xlsx of the tab's range and filter", async () => {
    const { api } = await renderLog({
      answers: {
        [`POST ${MQTT_LOG_EXPORT_PATHS.device_state}`]: { text: 'xlsx', headers: { 'content-type': XLSX } },
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: en.log.kinds.device_state }));
    await screen.findByText('keep-alive timeout');
    const filters = screen.getByRole('form', { name: en.log.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.log.fields.client_id }), '1234');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(logCalls(api.calls, 'device_state')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    const [call] = callsTo(api.calls, 'POST', MQTT_LOG_EXPORT_PATHS.device_state);
    const asked = bodyOf(logCalls(api.calls, 'device_state').at(-1));
    expect(call?.body).toEqual({
      from: asked.from,
      to: asked.to,
      wheres: [{ k: 'client_id', o: 'like', v: '1234' }],
    });
    expect(mqttLogExportBodySchema.safeParse(call?.body).success).toBe(true);
    expect(downloads.files).toHaveLength(1);
    expect(downloads.files[0]?.blob.type).toBe(XLSX);
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('xlsx');
  });

  it("shows the server's message when it refuses the export", async () => {
    await renderLog({
      answers: {
        [`POST ${MQTT_LOG_EXPORT_PATHS.message}`]: refusal(400, {
          code: 'log_export_too_many_rows',
          message: 'A log export holds at most 5000 rows',
        }),
      },
    });
    await screen.findByText(message.topic as string);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('A log export holds at most 5000 rows')).toBeTruthy();
    expect(downloads.files).toEqual([]);
  });

  it('refuses beforehand when more than 5000 entries match', async () => {
    const { api } = await renderLog({
      answers: { [`POST ${MQTT_LOG_PATHS.message}`]: pageOf([message], 5001) },
    });
    await screen.findByText(message.topic as string);
    expect(await exportTooMany()).toBeTruthy();
    expect(callsTo(api.calls, 'POST', MQTT_LOG_EXPORT_PATHS.message)).toEqual([]);
  });

  it('is hidden from a role without the export button', async () => {
    await renderLog({ roleId: 4, buttons: [] });
    await screen.findByText(message.topic as string);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
