/** What the broker keeps of a connected client, and what follows its traffic. */
import type { MqttTransport } from '@vap/contracts';
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

/** A connected client as the broker keeps it beside Aedes' own object. */
export interface Connection {
  identity: Identity;
  client: Client;
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

/** Who follows the broker's traffic (stats.ts, log.ts). Called synchronously: keep it cheap. */
export interface BrokerObserver {
  connected?(connection: Connection): void;
  disconnected?(connection: Connection, reason: string): void;
  published?(connection: Connection, packet: AedesPublishPacket): void;
  delivered?(connection: Connection, packet: AedesPublishPacket): void;
  subscribed?(connection: Connection, subscriptions: readonly Subscription[]): void;
  unsubscribed?(connection: Connection, topics: readonly string[]): void;
}
