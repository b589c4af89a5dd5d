import '../test-support.js';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MQTT_PATHS, type MqttDebugToken } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { choose } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeBroker, fakeBroker } from '../debug/fake-transport.js';
import { SUBSCRIPTION_REFUSED } from '../debug/transport.js';
import en from '../locales/en.json';
import { type PageOptions, remountPage, renderMqttPage } from '../test-support.js';

// mqtt.js is replaced by a fake broker the test plays.
const fake = vi.hoisted(() => ({ broker: null as FakeBroker | null }));
vi.mock('../debug/transport.js', async (original) => ({
  ...(await original<typeof import('../debug/transport.js')>()),
  loadMqttTransport: async () => {
    if (!fake.broker) throw new Error('no fake broker');
    return fake.broker.open;
  },
}));

let broker: FakeBroker;
beforeEach(() => {
  broker = fakeBroker();
  fake.broker = broker;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const token: MqttDebugToken = {
  path: '/mqtt',
  client_id: 'dbg-1-7f3a',
  username: 'debug:1',
  password: 'one-time',
  expires_at: '2026-03-02T09:40:00.000Z',
};
const ALL = ['connect', 'subscribe', 'send'];

const renderTool = (options: PageOptions = {}) =>
  renderMqttPage('mqtt_debug_tool', { [`POST ${MQTT_PATHS.debugToken}`]: { body: token } }, options);

const bytes = (text: string) => new TextEncoder().encode(text);

/** Connects and lets the fake broker accept. */
async function connect() {
  await userEvent.click(await screen.findByRole('button', { name: en.debug.connect }));
  await waitFor(() => expect(broker.connections).toHaveLength(1));
  act(() => broker.last().events.connected());
  expect(await screen.findByText(en.debug.status.connected)).toBeTruthy();
}

async function subscribe(filter: string, qos = 'QoS 0') {
  const form = screen.getByRole('form', { name: en.debug.subscribeForm });
  await userEvent.type(within(form).getByLabelText(en.debug.filter), filter);
  await choose(form, en.debug.qos, qos);
  await userEvent.click(within(form).getByRole('button', { name: en.debug.subscribe }));
}

const logTable = () => screen.getByRole('table', { name: en.debug.log });

describe('mqtt_debug_tool: the connection', () => {
  it('connects over WebSocket with the credentials the server issues', async () => {
    const { api } = await renderTool();
    expect(await screen.findByText(en.debug.status.idle)).toBeTruthy();
    await connect();
    expect(callsTo(api.calls, 'POST', MQTT_PATHS.debugToken)).toHaveLength(1);
    expect(broker.last().credentials).toEqual({
      url: `ws://${window.location.host}/mqtt`,
      clientId: 'dbg-1-7f3a',
      username: 'debug:1',
      password: 'one-time',
    });
    expect(screen.getByText('Client ID dbg-1-7f3a, username debug:1')).toBeTruthy();
    act(() => broker.last().events.reconnecting());
    expect(await screen.findByText(en.debug.status.reconnecting)).toBeTruthy();
    act(() => broker.last().events.connected());
    await userEvent.click(screen.getByRole('button', { name: en.debug.disconnect }));
    expect(await screen.findByText(en.debug.status.disconnected)).toBeTruthy();
    expect(broker.last().ended).toBe(true);
  });

  it("shows the broker's refusal in the user's language", async () => {
    await renderTool();
    await userEvent.click(await screen.findByRole('button', { name: en.debug.connect }));
    await waitFor(() => expect(broker.connections).toHaveLength(1));
    act(() => broker.last().events.failed(4, 'Connection refused: Bad username or password'));
    expect(await screen.findByText(`Connection failed: ${en.debug.refused[4]}`)).toBeTruthy();
    expect(screen.getByText(en.debug.status.disconnected)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.debug.connect })).toBeTruthy();
  });

  it("shows the server's message when it issues no credentials", async () => {
    // The tool shows the failure itself: the call is quiet, the kernel only logs it.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderTool({
      answers: {
        [`POST ${MQTT_PATHS.debugToken}`]: refusal(403, { code: 'forbidden', message: 'Not permitted' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.debug.connect }));
    expect(await screen.findByText('Connection failed: Not permitted')).toBeTruthy();
    expect(broker.connections).toEqual([]);
  });

  it('shows each part only with its button: connect, subscribe, send', async () => {
    await renderTool({ roleId: 4, buttons: [] });
    expect(await screen.findByText(en.debug.noConnect)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.debug.connect })).toBeNull();
    expect(screen.queryByRole('form', { name: en.debug.subscribeForm })).toBeNull();
    expect(screen.queryByRole('form', { name: en.debug.publishForm })).toBeNull();
    cleanup();
    await renderTool({ roleId: 4, buttons: ALL });
    expect(await screen.findByRole('button', { name: en.debug.connect })).toBeTruthy();
    expect(screen.getByRole('form', { name: en.debug.subscribeForm })).toBeTruthy();
    expect(screen.getByRole('form', { name: en.debug.publishForm })).toBeTruthy();
  });
});

describe('mqtt_debug_tool: subscribing, publishing and the log', () => {
  it('subscribes with a QoS, shows what the broker granted or refused, and unsubscribes', async () => {
    await renderTool();
    await connect();
    broker.grant = (topic, qos) => (topic.includes('/down/') ? SUBSCRIPTION_REFUSED : qos);
    await subscribe('vap/dev/+/up/#', 'QoS 1');
    const list = await screen.findByRole('list', { name: en.debug.subscriptions });
    expect(await within(list).findByText('Granted QoS 1')).toBeTruthy();
    await subscribe('vap/dev/+/down/#');
    expect(await within(list).findByText(en.debug.subscriptionState.refused)).toBeTruthy();
    expect(broker.last().subscribed).toEqual([
      { topic: 'vap/dev/+/up/#', qos: 1 },
      { topic: 'vap/dev/+/down/#', qos: 0 },
    ]);
    await userEvent.click(within(list).getByRole('button', { name: 'Unsubscribe from vap/dev/+/up/#' }));
    await waitFor(() => expect(broker.last().unsubscribed).toEqual(['vap/dev/+/up/#']));
    await waitFor(() => expect(within(list).queryByText('vap/dev/+/up/#')).toBeNull());
  });

  it('checks a topic filter before subscribing', async () => {
    await renderTool();
    await connect();
    await subscribe('vap/dev/#/up');
    expect(await screen.findByText(en.debug.problems.badWildcard)).toBeTruthy();
    expect(broker.last().subscribed).toEqual([]);
  });

  it('logs the messages received', async () => {
    await renderTool();
    await connect();
    act(() => broker.last().events.message('vap/dev/1/up/status', bytes('{"online":true}'), 1, true));
    const row = (await within(logTable()).findByText('vap/dev/1/up/status')).closest('tr') as HTMLElement;
    expect(within(row).getByText(en.debug.directions.in)).toBeTruthy();
    expect(within(row).getByText('{"online":true}')).toBeTruthy();
    expect(within(row).getByText('15 bytes')).toBeTruthy();
    expect(within(row).getByText(en.common.yes)).toBeTruthy();
  });

  it('refuses a JSON payload that is not JSON, and publishes one that is', async () => {
    await renderTool();
    await connect();
    const form = screen.getByRole('form', { name: en.debug.publishForm });
    await userEvent.type(within(form).getByLabelText(en.debug.topic), 'vap/dev/1/down/reboot');
    await userEvent.click(within(form).getByRole('radio', { name: en.debug.formats.json }));
    const payload = within(form).getByLabelText(en.debug.payload);
    // user-event types `{{` as one brace.
    await userEvent.type(payload, '{{"delay": 5');
    await userEvent.click(within(form).getByRole('button', { name: en.debug.send }));
    expect(await within(form).findByText(en.debug.invalidJson)).toBeTruthy();
    expect(broker.last().published).toEqual([]);
    await userEvent.type(payload, '}');
    await userEvent.click(within(form).getByRole('checkbox', { name: en.debug.retain }));
    await userEvent.click(within(form).getByRole('button', { name: en.debug.send }));
    await waitFor(() =>
      expect(broker.last().published).toEqual([
        { topic: 'vap/dev/1/down/reboot', payload: '{"delay": 5}', qos: 0, retain: true },
      ]),
    );
    expect(within(form).queryByText(en.debug.invalidJson)).toBeNull();
    const row = (await within(logTable()).findByText('vap/dev/1/down/reboot')).closest('tr') as HTMLElement;
    expect(within(row).getByText(en.debug.directions.out)).toBeTruthy();
  });

  it("says in the user's language that the broker refused a publication, logs nothing and stays connected", async () => {
    await renderTool();
    await connect();
    broker.refuses = (topic) => topic.startsWith('vap/dev/2/');
    const form = screen.getByRole('form', { name: en.debug.publishForm });
    await userEvent.type(within(form).getByLabelText(en.debug.topic), 'vap/dev/2/down/reboot');
    await userEvent.click(within(form).getByRole('button', { name: en.debug.send }));
    expect(
      await screen.findByText(en.debug.publishFailed.replace('{{reason}}', en.debug.publishRefused)),
    ).toBeTruthy();
    expect(within(logTable()).queryByText('vap/dev/2/down/reboot')).toBeNull();
    expect(screen.getByText(en.debug.status.connected)).toBeTruthy();
  });

  it('a topic to publish to holds no wildcard', async () => {
    await renderTool();
    await connect();
    const form = screen.getByRole('form', { name: en.debug.publishForm });
    await userEvent.type(within(form).getByLabelText(en.debug.topic), 'vap/dev/+/down/x');
    await userEvent.click(within(form).getByRole('button', { name: en.debug.send }));
    expect(await within(form).findByText(en.debug.problems.wildcard)).toBeTruthy();
    expect(broker.last().published).toEqual([]);
  });

  it('filters the log by topic and direction, and clears it', async () => {
    await renderTool();
    await connect();
    act(() => {
      broker.last().events.message('vap/dev/1/up/status', bytes('a'), 0, false);
      broker.last().events.message('vap/dev/2/up/alarm', bytes('b'), 0, false);
    });
    await within(logTable()).findByText('vap/dev/2/up/alarm');
    await userEvent.type(screen.getByRole('searchbox', { name: en.debug.logTopic }), 'ALARM');
    expect(within(logTable()).queryByText('vap/dev/1/up/status')).toBeNull();
    expect(within(logTable()).getByText('vap/dev/2/up/alarm')).toBeTruthy();
    await choose(document.body, en.debug.direction, en.debug.directions.out);
    expect(within(logTable()).getByText(en.debug.logNoMatch)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: en.debug.clearLog }));
    expect(within(logTable()).getByText(en.debug.logEmpty)).toBeTruthy();
  });
});

describe('mqtt_debug_tool: state kept (spec §2.3)', () => {
  it('keeps the connection, subscriptions, log and draft when the page is unmounted and mounted again', async () => {
    const { kernel, route, unmount } = await renderTool();
    await connect();
    await subscribe('vap/dev/+/up/#');
    await screen.findByText('Granted QoS 0');
    act(() => broker.last().events.message('vap/dev/1/up/status', bytes('online'), 0, false));
    const form = screen.getByRole('form', { name: en.debug.publishForm });
    await userEvent.type(within(form).getByLabelText(en.debug.topic), 'vap/dev/1/down/half-typed');
    unmount();

    // Messages keep arriving while the page is away.
    act(() => broker.last().events.message('vap/dev/1/up/alarm', bytes('smoke'), 0, false));
    remountPage(kernel, route);
    expect(await screen.findByText(en.debug.status.connected)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: en.debug.subscriptions })).getByText('vap/dev/+/up/#'),
    ).toBeTruthy();
    expect(within(logTable()).getByText('online')).toBeTruthy();
    expect(within(logTable()).getByText('smoke')).toBeTruthy();
    expect(
      within(screen.getByRole('form', { name: en.debug.publishForm })).getByDisplayValue(
        'vap/dev/1/down/half-typed',
      ),
    ).toBeTruthy();
    expect(broker.connections).toHaveLength(1);
    expect(broker.last().ended).toBe(false);
  });

  it('the session ending closes the connection', async () => {
    const { kernel } = await renderTool();
    await connect();
    act(() => kernel.bus.emit('session.cleared', {}));
    expect(broker.last().ended).toBe(true);
  });
});
