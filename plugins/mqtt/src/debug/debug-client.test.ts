import type { MqttDebugToken } from '@vap/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DebugClient, LOG_LIMIT } from './debug-client.js';
import { fakeBroker } from './fake-transport.js';
import { SUBSCRIPTION_REFUSED } from './transport.js';

const token: MqttDebugToken = {
  path: '/mqtt',
  client_id: 'dbg-1-abc',
  username: 'debug:1',
  password: 'secret',
  expires_at: '2026-03-02T09:40:00.000Z',
};

function setup(credentials: () => Promise<MqttDebugToken> = async () => token) {
  const broker = fakeBroker();
  const client = new DebugClient({
    credentials,
    address: (path) => `ws://console.test${path}`,
    transport: async () => broker.open,
    now: () => 1_000,
  });
  const seen: string[] = [];
  client.watch(() => seen.push(client.snapshot().status));
  return { broker, client, seen };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('DebugClient: the connection', () => {
  it('connects with the issued credentials at the WebSocket address of their path', async () => {
    const { broker, client, seen } = setup();
    await client.connect();
    expect(broker.last().credentials).toEqual({
      url: 'ws://console.test/mqtt',
      clientId: 'dbg-1-abc',
      username: 'debug:1',
      password: 'secret',
    });
    expect(client.snapshot().identity).toEqual({ clientId: 'dbg-1-abc', username: 'debug:1' });
    broker.last().events.connected();
    expect(client.snapshot().status).toBe('connected');
    expect(seen[0]).toBe('connecting');
  });

  it('shows reconnecting while mqtt.js tries again, and connected once it is back', async () => {
    const { broker, client } = setup();
    await client.connect();
    broker.last().events.connected();
    broker.last().events.reconnecting();
    expect(client.snapshot().status).toBe('reconnecting');
    broker.last().events.failed(null, 'WebSocket error');
    expect(client.snapshot().fault).toEqual({ code: null, message: 'WebSocket error' });
    expect(broker.last().ended).toBe(false);
    broker.last().events.connected();
    expect(client.snapshot()).toMatchObject({ status: 'connected', fault: null });
  });

  it.each([
    ['a refusal (CONNACK 1 to 5) ends the attempt with its code', 5, 'Connection refused: Not authorized'],
    [
      'an MQTT 5 refusal of its own (a reason code of 0x80 and up) ends the attempt too',
      0x8a,
      'Connection refused: Banned',
    ],
  ])('%s', async (_name, code, message) => {
    const { broker, client } = setup();
    await client.connect();
    broker.last().events.failed(code, message);
    expect(client.snapshot()).toMatchObject({ status: 'disconnected', fault: { code, message } });
    expect(broker.last().ended).toBe(true);
  });

  it('credentials refused by the server end the attempt with the server message', async () => {
    const { broker, client } = setup(async () => {
      throw new Error('Forbidden');
    });
    await client.connect();
    expect(client.snapshot()).toMatchObject({
      status: 'disconnected',
      fault: { code: null, message: 'Forbidden' },
    });
    expect(broker.connections).toEqual([]);
  });

  it('disconnecting ends the transport, drops the subscriptions and ignores what the old one says', async () => {
    const { broker, client } = setup();
    await client.connect();
    const first = broker.last();
    first.events.connected();
    await client.subscribe('vap/dev/+/up/#', 0);
    client.disconnect();
    expect(first.ended).toBe(true);
    expect(client.snapshot()).toMatchObject({ status: 'disconnected', subscriptions: [] });
    first.events.connected();
    first.events.message('vap/dev/1/up/x', bytes('late'), 0, false);
    expect(client.snapshot().status).toBe('disconnected');
    expect(client.snapshot().log).toEqual([]);
  });

  it('a disconnect while the credentials are on their way opens nothing', async () => {
    let answer: (value: MqttDebugToken) => void = () => undefined;
    const { broker, client } = setup(() => new Promise((resolve) => (answer = resolve)));
    const connecting = client.connect();
    client.disconnect();
    answer(token);
    await connecting;
    expect(broker.connections).toEqual([]);
    expect(client.snapshot().status).toBe('disconnected');
  });

  it('connect does nothing while connected', async () => {
    const credentials = vi.fn(async () => token);
    const { broker, client } = setup(credentials);
    await client.connect();
    broker.last().events.connected();
    await client.connect();
    expect(credentials).toHaveBeenCalledTimes(1);
  });

  it('dispose ends the connection', async () => {
    const { broker, client } = setup();
    await client.connect();
    client.dispose();
    expect(broker.last().ended).toBe(true);
  });
});

describe('DebugClient: subscriptions, messages and the log', () => {
  async function connected() {
    const setupResult = setup();
    await setupResult.client.connect();
    setupResult.broker.last().events.connected();
    return setupResult;
  }

  it('a subscription is pending, then granted with the QoS the broker gave, or refused', async () => {
    const { broker, client } = await connected();
    broker.grant = (topic, qos) =>
      topic.startsWith('vap/dev/+/down') ? SUBSCRIPTION_REFUSED : Math.min(qos, 1);
    const pending = client.subscribe('vap/dev/+/up/#', 2);
    expect(client.snapshot().subscriptions).toEqual([
      { topic: 'vap/dev/+/up/#', qos: 2, state: 'pending', granted: null },
    ]);
    await pending;
    await client.subscribe('vap/dev/+/down/#', 0);
    expect(client.snapshot().subscriptions).toEqual([
      { topic: 'vap/dev/+/up/#', qos: 2, state: 'granted', granted: 1 },
      { topic: 'vap/dev/+/down/#', qos: 0, state: 'refused', granted: null },
    ]);
    expect(broker.last().subscribed).toEqual([
      { topic: 'vap/dev/+/up/#', qos: 2 },
      { topic: 'vap/dev/+/down/#', qos: 0 },
    ]);
  });

  it('unsubscribing asks the broker for a granted filter only', async () => {
    const { broker, client } = await connected();
    broker.grant = (topic, qos) => (topic === 'refused/#' ? SUBSCRIPTION_REFUSED : qos);
    await client.subscribe('vap/dev/+/up/#', 0);
    await client.subscribe('refused/#', 0);
    await client.unsubscribe('vap/dev/+/up/#');
    await client.unsubscribe('refused/#');
    expect(broker.last().unsubscribed).toEqual(['vap/dev/+/up/#']);
    expect(client.snapshot().subscriptions).toEqual([]);
  });

  it('logs received and sent messages, newest first, with their QoS, retain flag and size', async () => {
    const { broker, client } = await connected();
    broker.last().events.message('vap/dev/1/up/status', bytes('{"online":true}'), 1, true);
    await client.publish('vap/dev/1/down/reboot', 'now', 2, false);
    expect(broker.last().published).toEqual([
      { topic: 'vap/dev/1/down/reboot', payload: 'now', qos: 2, retain: false },
    ]);
    expect(client.snapshot().log).toEqual([
      {
        id: 2,
        at: 1_000,
        direction: 'out',
        topic: 'vap/dev/1/down/reboot',
        qos: 2,
        retain: false,
        payload: 'now',
        size: 3,
      },
      {
        id: 1,
        at: 1_000,
        direction: 'in',
        topic: 'vap/dev/1/up/status',
        qos: 1,
        retain: true,
        payload: '{"online":true}',
        size: 15,
      },
    ]);
    client.clearLog();
    expect(client.snapshot().log).toEqual([]);
  });

  it('keeps the newest LOG_LIMIT entries', async () => {
    const { broker, client } = await connected();
    for (let i = 0; i < LOG_LIMIT + 5; i++) broker.last().events.message('t', bytes(String(i)), 0, false);
    const { log } = client.snapshot();
    expect(log).toHaveLength(LOG_LIMIT);
    expect(log[0]?.payload).toBe(String(LOG_LIMIT + 4));
  });

  it('refuses to subscribe or publish while not connected', async () => {
    const { client } = setup();
    await expect(client.subscribe('a/#', 0)).rejects.toThrow('not connected');
    await expect(client.publish('a', 'x', 0, false)).rejects.toThrow('not connected');
  });

  it('keeps the publish draft', () => {
    const { client } = setup();
    client.setDraft({ topic: 'vap/dev/1/down/x', format: 'json' });
    client.setDraft({ payload: '{}' });
    expect(client.snapshot().draft).toEqual({
      topic: 'vap/dev/1/down/x',
      payload: '{}',
      format: 'json',
      qos: 0,
      retain: false,
    });
  });
});
