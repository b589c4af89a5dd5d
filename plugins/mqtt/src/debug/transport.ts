/**
 * The debug tool's MQTT connection over mqtt.js, reduced to what the tool uses: a handful of events
 * and promise-returning calls. `DebugClient` holds the logic and is tested with a fake of this
 * interface; mqtt.js itself (≈ 340 kB) is imported only when the user first connects.
 */
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Qos } from '../common/qos.js';

/** The granted QoS of a SUBACK that refuses the subscription (MQTT 3.1.1 §3.9.3). */
export const SUBSCRIPTION_REFUSED = 128;

/** A few seconds between attempts, as the EMQX dashboard's client does. */
export const RECONNECT_PERIOD_MS = 3000;
/** Spec §7: the console waits 10 s for any answer. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const KEEPALIVE_SECONDS = 60;

export interface TransportEvents {
  connected(): void;
  /** The connection was lost (or could not be made) and mqtt.js tries again. */
  reconnecting(): void;
  /** The broker refused the connection (`code`: the CONNACK return code), or the transport failed (`code` null). */
  failed(code: number | null, message: string): void;
  message(topic: string, payload: Uint8Array, qos: number, retain: boolean): void;
}

export interface Transport {
  /** Answers the granted QoS: 0 to 2, or SUBSCRIPTION_REFUSED. */
  subscribe(topic: string, qos: Qos): Promise<number>;
  unsubscribe(topic: string): Promise<void>;
  publish(topic: string, payload: string, qos: Qos, retain: boolean): Promise<void>;
  /** Closes at once and stops trying again; no event follows. */
  end(): void;
}

export interface Credentials {
  url: string;
  clientId: string;
  username: string;
  password: string;
}

export type OpenTransport = (credentials: Credentials, events: TransportEvents) => Transport;

type MqttConnect = (url: string, options: IClientOptions) => MqttClient;

/** The transport over an mqtt.js `connect` (injected, so that it can be tested without a broker). */
export function transportOver(connect: MqttConnect): OpenTransport {
  return ({ url, clientId, username, password }, events) => {
    const client = connect(url, {
      clientId,
      username,
      password,
      // The broker speaks MQTT 3.1 and 3.1.1 and refuses 5 (docs/mqtt.md).
      protocolVersion: 4,
      clean: true,
      keepalive: KEEPALIVE_SECONDS,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
    });
    // After `end` mqtt.js still reports its own closing: the tool has moved on, so it hears nothing.
    let ended = false;
    const unlessEnded =
      <A extends unknown[]>(handler: (...args: A) => void) =>
      (...args: A) => {
        if (!ended) handler(...args);
      };
    client.on(
      'connect',
      unlessEnded(() => events.connected()),
    );
    // `close` comes first, then `offline` once and `reconnect` before each attempt: all one state.
    for (const lost of ['close', 'offline', 'reconnect'] as const) {
      client.on(
        lost,
        unlessEnded(() => events.reconnecting()),
      );
    }
    // An error listener stays for good: mqtt.js emitting one with none would throw.
    client.on(
      'error',
      unlessEnded((error: Error & { code?: unknown }) =>
        events.failed(typeof error.code === 'number' ? error.code : null, error.message),
      ),
    );
    client.on(
      'message',
      unlessEnded((topic, payload, packet) => events.message(topic, payload, packet.qos, packet.retain)),
    );
    return {
      subscribe: (topic, qos) =>
        new Promise((resolve, reject) => {
          client.subscribe(topic, { qos }, (error, granted) => {
            if (error) reject(error);
            else resolve(granted?.[0]?.qos ?? SUBSCRIPTION_REFUSED);
          });
        }),
      unsubscribe: (topic) =>
        new Promise((resolve, reject) => {
          client.unsubscribe(topic, (error) => (error ? reject(error) : resolve()));
        }),
      publish: (topic, payload, qos, retain) =>
        new Promise((resolve, reject) => {
          client.publish(topic, payload, { qos, retain }, (error) => (error ? reject(error) : resolve()));
        }),
      end: () => {
        ended = true;
        client.end(true);
      },
    };
  };
}

/** mqtt.js's browser build, fetched on the first connect; its ESM build has only a default export. */
export async function loadMqttTransport(): Promise<OpenTransport> {
  const { default: mqtt } = await import('mqtt');
  return transportOver(mqtt.connect);
}
