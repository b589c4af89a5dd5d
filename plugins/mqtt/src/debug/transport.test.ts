import { EventEmitter } from 'node:events';
import type { IClientOptions, MqttClient } from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import { SUBSCRIPTION_REFUSED, type TransportEvents, transportOver } from './transport.js';

/** An mqtt.js client as far as the transport uses it: events, and calls answering through callbacks. */
class FakeMqttClient extends EventEmitter {
  granted: number[] = [0];
  readonly calls: unknown[][] = [];
  subscribe(topic: string, options: unknown, callback: (error: Error | null, granted?: unknown[]) => void) {
    this.calls.push(['subscribe', topic, options]);
    callback(
      null,
      this.granted.map((qos) => ({ topic, qos })),
    );
  }
  unsubscribe(topic: string, callback: (error?: Error) => void) {
    this.calls.push(['unsubscribe', topic]);
    callback();
  }
  publish(topic: string, payload: string, options: unknown, callback: (error?: Error) => void) {
    this.calls.push(['publish', topic, payload, options]);
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
  it('connects with MQTT 3.1.1, a clean session and the credentials', () => {
    const { connect } = open();
    expect(connect).toHaveBeenCalledWith(
      'ws://console.test/mqtt',
      expect.objectContaining({
        clientId: 'dbg',
        username: 'u',
        password: 'p',
        protocolVersion: 4,
        clean: true,
        reconnectPeriod: expect.any(Number),
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

  it('answers the granted QoS, 128 for a refused filter', async () => {
    const { mqtt, transport } = open();
    await expect(transport.subscribe('vap/dev/+/up/#', 1)).resolves.toBe(0);
    mqtt.granted = [SUBSCRIPTION_REFUSED];
    await expect(transport.subscribe('other/#', 0)).resolves.toBe(SUBSCRIPTION_REFUSED);
    expect(mqtt.calls[0]).toEqual(['subscribe', 'vap/dev/+/up/#', { qos: 1 }]);
  });

  it('publishes with QoS and retain, and rejects what mqtt.js refuses', async () => {
    const { mqtt, transport } = open();
    await transport.publish('vap/dev/1/down/x', '{}', 2, true);
    expect(mqtt.calls[0]).toEqual(['publish', 'vap/dev/1/down/x', '{}', { qos: 2, retain: true }]);
    await expect(transport.publish('bad', '', 0, false)).rejects.toThrow('client disconnecting');
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
