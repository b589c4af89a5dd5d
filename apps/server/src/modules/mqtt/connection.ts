/** What the broker keeps of a connected client, and what follows its traffic. */
import { isDeviceSerial, type MqttTransport } from '@vap/contracts';
import type { AedesPublishPacket, Client, Subscription } from 'aedes';
import type { BrokerDevice } from '../devices/index.js';
import type { UserClient } from './user-clients.js';

/** A device that proved its factory secret. */
export interface DeviceClient {
  kind: 'device';
  companyId: number;
  device: BrokerDevice;
}

/** What a connected client is. */
export type Identity = DeviceClient | UserClient;

/** The filters a client is subscribed to, by topic (Aedes keeps them so; its types do not say). */
export const subscriptionsOfClient = (client: Client): Record<string, { qos: number }> =>
  (client as unknown as { subscriptions?: Record<string, { qos: number }> }).subscriptions ?? {};

/**
 * The id Aedes knows a client by: a user client's is its company's and its own (issue 28), so
 * that another company's client of the same id neither takes it over nor resumes its session.
 * A device's is its serial, which no user client may take.
 */
export const scopedClientId = (companyId: number, clientId: string): string =>
  isDeviceSerial(clientId) ? clientId : `${companyId}/${clientId}`;

/** A connected client as the broker keeps it beside Aedes' own object. */
export interface Connection {
  identity: Identity;
  client: Client;
  /** The id it connected with (Aedes' `client.id` is the scoped one). */
  clientId: string;
  connectedAt: Date;
  ip: string;
  transport: MqttTransport;
  protocolLevel: number;
  keepalive: number;
  clean: boolean;
  messagesIn: number;
  messagesOut: number;
  /** Why it ended, when the server or an error ended it. */
  closeReason: string | null;
}

/** A connect refused for its credentials, or because too many such were (connect-limits.ts). */
export interface RefusedConnect {
  clientId: string;
  username: string;
  ip: string;
  transport: MqttTransport;
  reason: 'bad_credentials' | 'too_many_failures';
  /** The company whose device or key the credentials named; null when they named none. */
  companyId: number | null;
}

/** Who follows the broker's traffic (stats.ts, log.ts). Called synchronously: keep it cheap. */
export interface BrokerObserver {
  refused?(attempt: RefusedConnect): void;
  connected?(connection: Connection): void;
  disconnected?(connection: Connection, reason: string): void;
  published?(connection: Connection, packet: AedesPublishPacket): void;
  delivered?(connection: Connection, packet: AedesPublishPacket): void;
  subscribed?(connection: Connection, subscriptions: readonly Subscription[]): void;
  unsubscribed?(connection: Connection, topics: readonly string[]): void;
}
