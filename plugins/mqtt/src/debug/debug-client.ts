/**
 * The debug tool's client (page mqtt_debug_tool): asks the server for credentials (POST
 * debug_token), connects over WebSocket, subscribes and publishes, and keeps what happened as a
 * store React reads with `useSyncExternalStore`. No React and no mqtt.js here: the transport is
 * injected (loaded on the first connect), so the logic is tested against a fake one.
 */
import type { MqttDebugToken } from '@vap/contracts';
import type { Qos } from '../common/qos.js';
import type { Disposable } from './holder.js';
import { loadMqttTransport, type OpenTransport, SUBSCRIPTION_REFUSED, type Transport } from './transport.js';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/**
 * Why the connection failed: a CONNACK return code (1 to 5, or an MQTT 5 reason code of 0x80 and up),
 * or null with the failure's own text.
 */
export interface ConnectionFault {
  code: number | null;
  message: string;
}

export type SubscriptionState = 'pending' | 'granted' | 'refused';

export interface DebugSubscription {
  topic: string;
  /** The QoS asked for. */
  qos: Qos;
  state: SubscriptionState;
  /** The QoS the broker granted, once it answered. */
  granted: number | null;
}

export type Direction = 'in' | 'out';

export interface LogEntry {
  id: number;
  /** Local time in ms. */
  at: number;
  direction: Direction;
  topic: string;
  qos: number;
  retain: boolean;
  /** The payload as UTF-8 text, cut at PAYLOAD_SHOWN characters. */
  payload: string;
  /** The payload's size in bytes. */
  size: number;
}

export type PayloadFormat = 'text' | 'json';

/** The publish form as last typed: kept with the connection, so that a payload is not typed twice. */
export interface PublishDraft {
  topic: string;
  payload: string;
  format: PayloadFormat;
  qos: Qos;
  retain: boolean;
}

export interface DebugState {
  status: ConnectionStatus;
  fault: ConnectionFault | null;
  /** Who the tool connects as (from the last credentials). */
  identity: { clientId: string; username: string } | null;
  subscriptions: readonly DebugSubscription[];
  /** Newest first, at most LOG_LIMIT. */
  log: readonly LogEntry[];
  draft: PublishDraft;
}

/** Entries kept in the message log: a busy topic must not grow the page without end. */
export const LOG_LIMIT = 500;
/** Characters of a payload kept for the log. */
export const PAYLOAD_SHOWN = 8192;

const INITIAL: DebugState = {
  status: 'idle',
  fault: null,
  identity: null,
  subscriptions: [],
  log: [],
  draft: { topic: '', payload: '', format: 'text', qos: 0, retain: false },
};

/**
 * A CONNACK refusal (MQTT 3.1.1 §3.2.2.3, MQTT 5 §3.2.2.2) ends the attempt: the same credentials
 * would fail again.
 */
const isRefusal = (code: number | null): code is number =>
  code !== null && ((code >= 1 && code <= 5) || code >= 0x80);

export interface DebugClientDeps {
  /** POST debug_token: who to connect as, and where. */
  credentials: () => Promise<MqttDebugToken>;
  /** The WebSocket address of the endpoint's path on this server. */
  address: (path: string) => string;
  /** Opens the connection; mqtt.js's by default, loaded on the first connect. */
  transport?: () => Promise<OpenTransport>;
  now?: () => number;
}

export class DebugClient implements Disposable {
  #state: DebugState = INITIAL;
  readonly #listeners = new Set<() => void>();
  #transport: Transport | null = null;
  /** Bumped by every connect and disconnect: events of an older attempt are ignored. */
  #attempt = 0;
  #nextId = 1;

  constructor(private readonly deps: DebugClientDeps) {}

  /** For `useSyncExternalStore`. */
  readonly watch = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly snapshot = (): DebugState => this.#state;

  /** Fetches fresh credentials and connects; the state tells how it goes. */
  async connect(): Promise<void> {
    const { status } = this.#state;
    if (status === 'connecting' || status === 'connected' || status === 'reconnecting') return;
    const attempt = ++this.#attempt;
    this.#set({ status: 'connecting', fault: null });
    let token: MqttDebugToken;
    let open: OpenTransport;
    try {
      [token, open] = await Promise.all([
        this.deps.credentials(),
        (this.deps.transport ?? loadMqttTransport)(),
      ]);
    } catch (error) {
      if (attempt === this.#attempt) this.#set({ status: 'disconnected', fault: faultOf(error) });
      return;
    }
    // Disconnected (or disposed) while the credentials were on their way.
    if (attempt !== this.#attempt) return;
    const current = () => attempt === this.#attempt;
    this.#set({ identity: { clientId: token.client_id, username: token.username } });
    this.#transport = open(
      {
        url: this.deps.address(token.path),
        clientId: token.client_id,
        username: token.username,
        password: token.password,
      },
      {
        connected: () => {
          if (current()) this.#set({ status: 'connected', fault: null });
        },
        reconnecting: () => {
          if (current()) this.#set({ status: 'reconnecting' });
        },
        failed: (code, message) => {
          if (!current()) return;
          if (isRefusal(code)) this.#end({ code, message });
          // A transport's failure: mqtt.js tries again, the reason stays shown meanwhile.
          else this.#set({ fault: { code, message } });
        },
        message: (topic, payload, qos, retain) => {
          if (current())
            this.#log('in', topic, new TextDecoder().decode(payload), payload.byteLength, qos, retain);
        },
      },
    );
  }

  /** Closes the connection; its subscriptions end with it (clean session). */
  disconnect(): void {
    this.#end(null);
  }

  /** Subscribes to a topic filter; the entry shows whether the broker granted it. */
  async subscribe(topic: string, qos: Qos): Promise<void> {
    const transport = this.#connected();
    const entry: DebugSubscription = { topic, qos, state: 'pending', granted: null };
    this.#set({ subscriptions: [...this.#state.subscriptions.filter((s) => s.topic !== topic), entry] });
    let granted: number;
    try {
      granted = await transport.subscribe(topic, qos);
    } catch (error) {
      this.#set({ subscriptions: this.#state.subscriptions.filter((s) => s.topic !== topic) });
      throw error;
    }
    if (transport !== this.#transport) return;
    const state: SubscriptionState = granted === SUBSCRIPTION_REFUSED ? 'refused' : 'granted';
    this.#set({
      subscriptions: this.#state.subscriptions.map((s) =>
        s.topic === topic ? { ...s, state, granted: state === 'granted' ? granted : null } : s,
      ),
    });
  }

  async unsubscribe(topic: string): Promise<void> {
    const entry = this.#state.subscriptions.find((s) => s.topic === topic);
    // A refused filter was never the broker's: nothing to undo there.
    if (entry && entry.state !== 'refused') await this.#connected().unsubscribe(topic);
    this.#set({ subscriptions: this.#state.subscriptions.filter((s) => s.topic !== topic) });
  }

  /** Publishes the payload as typed; the log shows it once the transport has sent it. */
  async publish(topic: string, payload: string, qos: Qos, retain: boolean): Promise<void> {
    await this.#connected().publish(topic, payload, qos, retain);
    this.#log('out', topic, payload, new TextEncoder().encode(payload).byteLength, qos, retain);
  }

  clearLog(): void {
    this.#set({ log: [] });
  }

  setDraft(change: Partial<PublishDraft>): void {
    this.#set({ draft: { ...this.#state.draft, ...change } });
  }

  dispose(): void {
    this.disconnect();
    this.#listeners.clear();
  }

  #connected(): Transport {
    if (!this.#transport || this.#state.status !== 'connected') throw new Error('not connected');
    return this.#transport;
  }

  #end(fault: ConnectionFault | null): void {
    this.#attempt++;
    this.#transport?.end();
    this.#transport = null;
    const wasIdle = this.#state.status === 'idle';
    this.#set({ status: wasIdle ? 'idle' : 'disconnected', fault, subscriptions: [] });
  }

  #log(direction: Direction, topic: string, text: string, size: number, qos: number, retain: boolean) {
    const entry: LogEntry = {
      id: this.#nextId++,
      at: (this.deps.now ?? Date.now)(),
      direction,
      topic,
      qos,
      retain,
      payload: text.length > PAYLOAD_SHOWN ? text.slice(0, PAYLOAD_SHOWN) : text,
      size,
    };
    this.#set({ log: [entry, ...this.#state.log].slice(0, LOG_LIMIT) });
  }

  #set(change: Partial<DebugState>): void {
    this.#state = { ...this.#state, ...change };
    for (const listener of this.#listeners) listener();
  }
}

function faultOf(error: unknown): ConnectionFault {
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}
