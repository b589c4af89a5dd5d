/**
 * The broker's tests: their app with its broker on a port, MQTT clients connected, refused, and all
 * ended after each test.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { connect as connectTcp } from 'node:net';
import { mqttConnectStringToSign, mqttKeyPassword } from '@vap/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { boundDevices, bySerial, markOffline } from '../../testing/device-fixtures.js';
import { demoOwner, type TestApp } from '../../testing/test-app.js';

export interface BoundUnit {
  sn: string;
  secret: string;
  deviceId: number;
  companyId: number;
}

/** Bound units of the demo seed with their factory secrets, offline to start with. */
export async function boundUnits(t: TestApp, count: number, companyId?: number): Promise<BoundUnit[]> {
  const bound = await boundDevices(t.database, t.serverSecret, companyId === undefined ? {} : { companyId });
  const chosen = bound.sort(bySerial).slice(0, count);
  if (chosen.length < count) throw new Error(`only ${chosen.length} bound units`);
  await markOffline(t.database, chosen);
  return chosen.map(({ sn, secret, id, companyId }) => ({ sn, secret, deviceId: id, companyId }));
}

/** An access key's MQTT password for one connection, signed now with a new nonce (docs/mqtt.md). */
export function keyPassword(
  key: { id: string; secret: string },
  clientId: string,
  nonce = randomBytes(12).toString('hex'),
) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', key.secret)
    .update(mqttConnectStringToSign({ keyId: key.id, clientId, timestamp, nonce }))
    .digest('hex');
  return mqttKeyPassword(timestamp, nonce, signature);
}

/** How an access key's client `clientId` connects: the key's id as username, a fresh keyPassword. */
export function keyLogin(key: { id: string; secret: string }, clientId: string) {
  return { clientId, username: key.id, password: keyPassword(key, clientId) };
}

/**
 * A client of the TCP port from another loopback address (127.0.0.2, …: Linux routes all of
 * 127/8 to this machine), for counts kept per address. Answers the client once connected, or the
 * CONNACK code of its refusal.
 */
function connectFrom(port: number, address: string, options: mqtt.IClientOptions) {
  return new Promise<MqttClient>((resolve, reject) => {
    const client = new mqtt.MqttClient(() => connectTcp({ host: '127.0.0.1', port, localAddress: address }), {
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      ...options,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

export function testClients(defaultUrl: () => string) {
  const open: MqttClient[] = [];
  const connect = async (options: mqtt.IClientOptions, url = defaultUrl()) => {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...options });
    open.push(client);
    return client;
  };
  return {
    connect,
    /** `'connected'`, or the CONNACK code of a refusal, from another loopback address. */
    refusalFrom: (address: string, options: mqtt.IClientOptions) =>
      connectFrom(Number(new URL(defaultUrl()).port), address, options).then(
        (client) => {
          open.push(client);
          return 'connected' as const;
        },
        (error: Error & { code?: number }) => error.code,
      ),
    /** A third party's connection with an access key, signed for `clientId` (docs/mqtt.md). */
    connectKey: (key: { id: string; secret: string }, clientId: string, options: mqtt.IClientOptions = {}) =>
      connect({ ...options, ...keyLogin(key, clientId) }),
    /** A unit's connection with its serial and secret (and `options`, such as MQTT 5's protocol version). */
    connectDevice: (unit: { sn: string; secret: string }, options: mqtt.IClientOptions = {}) =>
      connect({ ...options, clientId: unit.sn, username: unit.sn, password: unit.secret }),
    /** `'connected'`, or the CONNACK return code of a refusal. */
    refusalOf: (options: mqtt.IClientOptions, url = defaultUrl()) =>
      connect(options, url).then(
        () => 'connected',
        (error: Error & { code?: number }) => error.code,
      ),
    /** Forgets a client the test ended itself. */
    forget: (client: MqttClient) => {
      open.splice(open.indexOf(client), 1);
    },
    endAll: () => Promise.all(open.splice(0).map((client) => client.endAsync(true))),
  };
}

/** What a broker suite keeps of its app once started. */
export interface BrokerSuite {
  t: TestApp;
  /** The broker's TCP port on loopback. */
  port: number;
  /** The HTTP API's port on loopback, with `http` (WebSocket clients); 0 without. */
  httpPort: number;
  /** The demo owner's headers and company. */
  owner: Record<string, string>;
  companyId: number;
}

/**
 * The app a describe block of broker tests shares: started by `start` (the harness's, which this
 * file does not import) before the first test, its broker listening on a free loopback port, the
 * demo owner signed in, all handed to `keep`; after each test its clients end and the broker
 * settles, and after the last the app closes. Answers the block's clients (`testClients`).
 */
export function brokerSuite(
  start: () => Promise<TestApp>,
  keep: (suite: BrokerSuite) => unknown,
  { http = false }: { http?: boolean } = {},
) {
  let t: TestApp | undefined;
  let port = 0;
  const clients = testClients(() => `mqtt://127.0.0.1:${port}`);
  beforeAll(async () => {
    t = await start();
    port = await t.services.mqtt.broker.listenTcp({ port: 0, host: '127.0.0.1', chosen: true, tls: null });
    let httpPort = 0;
    if (http) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      httpPort = typeof address === 'object' && address ? address.port : 0;
    }
    const owner = await demoOwner(t);
    await keep({ t, port, httpPort, owner: owner.headers, companyId: owner.companyId });
  });
  afterEach(async () => {
    await clients.endAll();
    await t?.services.mqtt.broker.settled();
  });
  afterAll(() => t?.close());
  return clients;
}
