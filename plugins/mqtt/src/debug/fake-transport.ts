/** A transport standing in for mqtt.js in tests: it records the calls and lets the test play the broker. */
import {
  type Credentials,
  type OpenTransport,
  PUBLICATION_REFUSED,
  type Transport,
  type TransportEvents,
} from './transport.js';

export interface FakeConnection {
  credentials: Credentials;
  events: TransportEvents;
  ended: boolean;
  subscribed: { topic: string; qos: number }[];
  unsubscribed: string[];
  published: { topic: string; payload: string; qos: number; retain: boolean }[];
}

export interface FakeBroker {
  open: OpenTransport;
  connections: FakeConnection[];
  /** The latest connection. */
  last(): FakeConnection;
  /** The QoS the broker grants a filter (SUBSCRIPTION_REFUSED to refuse it); the asked one by default. */
  grant: (topic: string, qos: number) => number;
  /** Whether the broker refuses a publication to the topic (MQTT 5: PUBACK 0x87); none by default. */
  refuses: (topic: string) => boolean;
}

export function fakeBroker(): FakeBroker {
  const broker: FakeBroker = {
    connections: [],
    grant: (_topic, qos) => qos,
    refuses: () => false,
    last() {
      const connection = broker.connections.at(-1);
      if (!connection) throw new Error('nothing connected');
      return connection;
    },
    open: (credentials, events) => {
      const connection: FakeConnection = {
        credentials,
        events,
        ended: false,
        subscribed: [],
        unsubscribed: [],
        published: [],
      };
      broker.connections.push(connection);
      const transport: Transport = {
        subscribe: async (topic, qos) => {
          connection.subscribed.push({ topic, qos });
          return broker.grant(topic, qos);
        },
        unsubscribe: async (topic) => {
          connection.unsubscribed.push(topic);
        },
        publish: async (topic, payload, qos, retain) => {
          if (broker.refuses(topic)) {
            throw Object.assign(new Error('Publish error: Not authorized'), { code: PUBLICATION_REFUSED });
          }
          connection.published.push({ topic, payload, qos, retain });
        },
        end: () => {
          connection.ended = true;
        },
      };
      return transport;
    },
  };
  return broker;
}
