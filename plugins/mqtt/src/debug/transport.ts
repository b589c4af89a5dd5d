/**
 * The debug tool's MQTT connection over mqtt.js, reduced to what the tool uses: a handful of events
 * and promise-returning calls. `DebugClient` holds the logic and is tested with a fake of this
 * interface; mqtt.js itself (≈ 340 kB) is imported only when the user first connects.
 */
import type { IClientOptions, MqttClient } from 'mqtt';
import type { Qos } from '../common/qos.js';

/**
 * The granted QoS of a SUBACK that refuses the subscription (MQTT 3.1.1 §3.9.3); MQTT 5 says why
 * with a reason code from there up (0x87, not authorised), which the tool shows as this one.
 */
export const SUBSCRIPTION_REFUSED = 128;

/** The reason code of an MQTT 5 PUBACK (or PUBREC) that refuses a publication: not authorised. */
export const PUBLICATION_REFUSED = 0x87;

/**
 * MQTT 5's CONNACK reason codes for the refusals MQTT 3.1.1 has too (§3.2.2.2), as 3.1.1 numbers them
 * (§3.2.2.3): the tool explains those five in the user's language.
 */
const CONNACK_AS_V4: ReadonlyMap<number, number> = new Map([
  [0x84, 1],
  [0x85, 2],
  [0x88, 3],
  [0x86, 4],
  [0x87, 5],
]);

/** A few seconds between attempts, as the EMQX dashboard's client does. */
export const RECONNECT_PERIOD_MS = 3000;
/** Spec §7: the console waits 10 s for any answer. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const KEEPALIVE_SECONDS = 60;

export interface TransportEvents {
  connected(): void;
  /** The connection was lost (or could not be made) and mqtt.js tries again. */
  reconnecting(): void;
  /**
   * The broker refused the connection (`code`: the CONNACK return code, 1 to 5 as MQTT 3.1.1 numbers
   * them; another MQTT 5 refusal keeps its reason code, 0x80 and up), or the transport failed
   * (`code` null).
   */
  failed(code: number | null, message: string): void;
  message(topic: string, payload: Uint8Array, qos: number, retain: boolean): void;
}

export interface Transport {
  /** Answers the granted QoS: 0 to 2, or SUBSCRIPTION_REFUSED. */
  subscribe(topic: string, qos: Qos): Promise<number>;
  unsubscribe(topic: string): Promise<void>;
  /** Rejects with the PUBACK's reason code as `code` (PUBLICATION_REFUSED) when the broker refuses it. */
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
      // MQTT 5: a refused publication is answered (PUBACK 0x87) and the connection stays (docs/mqtt.md).
      protocolVersion: 5,
      clean: true,
      keepalive: KEEPALIVE_SECONDS,
      reconnectPeriod: RECONNECT_PERIOD_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // mqtt.js's default timers in a browser run in a worker started from a blob: URL, which the
      // console's Content-Security-Policy refuses (no worker-src) and logs; the page's own timers do.
      timerVariant: 'native',
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
        events.failed(
          typeof error.code === 'number' ? (CONNACK_AS_V4.get(error.code) ?? error.code) : null,
          error.message,
        ),
      ),
    );
    client.on(
      'message',
      unlessEnded((topic, payload, packet) => events.message(topic, payload, packet.qos, packet.retain)),
    );
    return {
      subscribe: (topic, qos) =>
        new Promise((resolve, reject) => {
          client.subscribe(topic, { qos }, (error, granted, packet) => {
            // mqtt.js answers a SUBACK that refuses as an error that carries the SUBACK.
            const code = packet?.granted[0];
            if (typeof code === 'number' && code >= SUBSCRIPTION_REFUSED) resolve(SUBSCRIPTION_REFUSED);
            else if (error) reject(error);
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
