import { EventEmitter } from 'node:events';
import type { IClientOptions, MqttClient } from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import {
  PUBLICATION_REFUSED,
  SUBSCRIPTION_REFUSED,
  type TransportEvents,
  transportOver,
} from './transport.js';

/** An mqtt.js client as far as the transport uses it: events, and calls answering through callbacks. */
class FakeMqttClient extends EventEmitter {
  granted: number[] = [0];
  readonly calls: unknown[][] = [];
  subscribe(
    topic: string,
    options: { qos: number },
    callback: (error: Error | null, granted?: unknown[], packet?: { granted: number[] }) => void,
  ) {
    this.calls.push(['subscribe', topic, options]);
    const packet = { granted: this.granted };
    // As mqtt.js does: a SUBACK code of 0x80 and up is an error that carries the SUBACK, the grants
    // then saying what was asked.
    if (this.granted.some((code) => code >= 0x80)) {
      callback(new Error('Subscribe error: Not authorized'), [{ topic, qos: options.qos }], packet);
      return;
    }
    callback(
      null,
      this.granted.map((qos) => ({ topic, qos })),
      packet,
    );
  }
  unsubscribe(topic: string, callback: (error?: Error) => void) {
    this.calls.push(['unsubscribe', topic]);
    callback();
  }
  publish(topic: string, payload: string, options: unknown, callback: (error?: Error) => void) {
    this.calls.push(['publish', topic, payload, options]);
    if (topic === 'refused') {
      callback(Object.assign(new Error('Publish error: Not authorized'), { code: PUBLICATION_REFUSED }));
      return;
    }
    callback(topic === 'bad' ? new Error('client disconnecting') : undefined);
  }
  end(force?: boolean) {
    this.calls.push(['end', force]);
    // mqtt.js reports its own closing after end.
    this.emit('close');
  }
}

function open() {
  const mqtt = new FakeMqttClient();
  const connect = vi.fn((_url: string, _options: IClientOptions) => mqtt as unknown as MqttClient);
  const events: TransportEvents = {
    connected: vi.fn(),
    reconnecting: vi.fn(),
    failed: vi.fn(),
    message: vi.fn(),
  };
  const transport = transportOver(connect)(
    { url: 'ws://console.test/mqtt', clientId: 'dbg', username: 'u', password: 'p' },
    events,
  );
  return { mqtt, connect, events, transport };
}

describe('the mqtt.js transport', () => {
  it('connects with MQTT 5, a clean session and the credentials, on the page’s own timers (no worker the CSP refuses)', () => {
    const { connect } = open();
    expect(connect).toHaveBeenCalledWith(
      'ws://console.test/mqtt',
      expect.objectContaining({
        clientId: 'dbg',
        username: 'u',
        password: 'p',
        protocolVersion: 5,
        clean: true,
        reconnectPeriod: expect.any(Number),
        timerVariant: 'native',
      }),
    );
  });

  it('reports connect, loss, refusal codes and messages', () => {
    const { mqtt, events } = open();
    mqtt.emit('connect');
    mqtt.emit('close');
    mqtt.emit('offline');
    mqtt.emit('reconnect');
    mqtt.emit('error', Object.assign(new Error('Connection refused: Not authorized'), { code: 5 }));
    mqtt.emit('error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    mqtt.emit('message', 'vap/dev/1/up/x', new Uint8Array([104, 105]), { qos: 1, retain: true });
    expect(events.connected).toHaveBeenCalledTimes(1);
    expect(events.reconnecting).toHaveBeenCalledTimes(3);
    expect(events.failed).toHaveBeenNthCalledWith(1, 5, 'Connection refused: Not authorized');
    expect(events.failed).toHaveBeenNthCalledWith(2, null, 'connect ECONNREFUSED');
    expect(events.message).toHaveBeenCalledWith('vap/dev/1/up/x', new Uint8Array([104, 105]), 1, true);
  });

  it("reports MQTT 5's CONNACK refusals as MQTT 3.1.1 numbers them, others with their reason code", () => {
    const { mqtt, events } = open();
    const refusal = (code: number) =>
      mqtt.emit('error', Object.assign(new Error(`Connection refused: ${code}`), { code }));
    for (const code of [0x84, 0x85, 0x88, 0x86, 0x87, 0x8a]) refusal(code);
    expect(vi.mocked(events.failed).mock.calls.map(([code]) => code)).toEqual([1, 2, 3, 4, 5, 0x8a]);
  });

  it('answers the granted QoS, 128 for a refused filter (0x80, or 0x87 from MQTT 5)', async () => {
    const { mqtt, transport } = open();
    await expect(transport.subscribe('vap/dev/+/up/#', 1)).resolves.toBe(0);
    mqtt.granted = [0x87];
    await expect(transport.subscribe('other/#', 1)).resolves.toBe(SUBSCRIPTION_REFUSED);
    mqtt.granted = [SUBSCRIPTION_REFUSED];
    await expect(transport.subscribe('other/#', 0)).resolves.toBe(SUBSCRIPTION_REFUSED);
    expect(mqtt.calls[0]).toEqual(['subscribe', 'vap/dev/+/up/#', { qos: 1 }]);
  });

  it('publishes with QoS and retain, and rejects what mqtt.js refuses', async () => {
    const { mqtt, transport } = open();
    await transport.publish('vap/dev/1/down/x', '{}', 2, true);
    expect(mqtt.calls[0]).toEqual(['publish', 'vap/dev/1/down/x', '{}', { qos: 2, retain: true }]);
    await expect(transport.publish('bad', '', 0, false)).rejects.toThrow('client disconnecting');
    await expect(transport.publish('refused', '', 1, false)).rejects.toMatchObject({
      code: PUBLICATION_REFUSED,
    });
    await transport.unsubscribe('vap/dev/+/up/#');
    expect(mqtt.calls.at(-1)).toEqual(['unsubscribe', 'vap/dev/+/up/#']);
  });

  it('after end nothing is reported, and errors never go unheard', () => {
    const { mqtt, events, transport } = open();
    transport.end();
    expect(mqtt.calls).toEqual([['end', true]]);
    mqtt.emit('error', new Error('late'));
    expect(events.reconnecting).not.toHaveBeenCalled();
    expect(events.failed).not.toHaveBeenCalled();
  });
});
