/**
 * The MQTT broker embedded in the server (issue 15): Aedes, MQTT 3.1 and 3.1.1, over TCP on
 * MQTT_PORT (TLS with MQTT_TLS_CERT and MQTT_TLS_KEY) and over WebSocket at `/mqtt` on the HTTP
 * port.
 *
 * Who may connect: a device with client id = username = its serial and password = its unit's factory
 * secret, once bound to a company (an unknown unit or a wrong secret is refused with CONNACK 4, bad
 * user name or password; an unbound one with 5, not authorised). What it may do: topics.ts. Its
 * connection and disconnection set it online and offline in the device list (devices' presence.ts),
 * one after the other for each device, in the order they happened.
 */
import { readFileSync } from 'node:fs';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { isDeviceSerial } from '@vap/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { BrokerDevice, DevicePresence } from '../devices/index.js';
import type { BrokerNodes } from './nodes.js';
import { devicePublishes, deviceSubscribes } from './topics.js';

/** The WebSocket endpoint on the HTTP port. */
export const WEBSOCKET_PATH = '/mqtt';

/** CONNACK return codes of MQTT 3.1.1 (§3.2.2.3). */
const BAD_CREDENTIALS = 4 as AuthenticateError['returnCode'];
const NOT_AUTHORISED = 5 as AuthenticateError['returnCode'];

/** What a connected client is, kept beside Aedes' own client object. */
export type Identity = { kind: 'device'; device: BrokerDevice };

export interface BrokerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface TcpListener {
  port: number;
  /** Bound where HOST says; `chosen` false lets a taken default port give way to a free one. */
  host: string;
  chosen: boolean;
  tls: { certFile: string; keyFile: string } | null;
}

const refusal = (returnCode: AuthenticateError['returnCode'], message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode });

/** The remote address of a connection, the WebSocket request's when it came that way. */
function addressOf(client: Client): string {
  return client.req?.socket.remoteAddress ?? (client.conn as Partial<Socket>).remoteAddress ?? '';
}

export class Broker {
  readonly identities = new WeakMap<Client, Identity>();
  /** Each device's presence writes, one after the other. */
  private readonly presenceQueue = new Map<number, Promise<void>>();
  private tcp: TcpServer | undefined;
  private websocket: WebSocketServer | undefined;

  private constructor(
    readonly aedes: Aedes,
    private readonly presence: DevicePresence,
    private readonly nodes: BrokerNodes,
    private readonly log: BrokerLog,
  ) {}

  static async create(presence: DevicePresence, nodes: BrokerNodes, log: BrokerLog): Promise<Broker> {
    const aedes = await Aedes.createBroker({ id: nodes.id, drainTimeout: 30_000 });
    const broker = new Broker(aedes, presence, nodes, log);
    broker.install();
    await nodes.start();
    return broker;
  }

  private install() {
    const { aedes } = this;
    aedes.authenticate = (client, username, password, done) => {
      this.authenticate(client, username, password).then(
        () => done(null, true),
        (error: Error) =>
          done(
            'returnCode' in error ? (error as AuthenticateError) : refusal(NOT_AUTHORISED, error.message),
            false,
          ),
      );
    };
    aedes.authorizePublish = (client, packet, done) => {
      const identity = client ? this.identities.get(client) : undefined;
      // A will or a message of the server itself (client null) passes; a client's only its own topics.
      if (client && !(identity && devicePublishes(identity.device.sn, packet.topic))) {
        this.log.warn({ clientId: client.id, topic: packet.topic }, 'mqtt publish refused');
        return done(new Error(`publishing to ${packet.topic} is not allowed`));
      }
      done(null);
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const identity = this.identities.get(client);
      if (!identity || !deviceSubscribes(identity.device.sn, subscription.topic)) {
        this.log.warn({ clientId: client.id, topic: subscription.topic }, 'mqtt subscribe refused');
        // SUBACK 0x80 for this filter; the connection stays.
        return done(null, null);
      }
      done(null, subscription);
    };
    aedes.on('clientReady', (client) => {
      const identity = this.identities.get(client);
      if (identity?.kind !== 'device') return;
      const ip = addressOf(client);
      this.queuePresence(identity.device, () => this.presence.online(identity.device, this.nodes.id, ip));
    });
    aedes.on('clientDisconnect', (client) => {
      const identity = this.identities.get(client);
      if (identity?.kind !== 'device') return;
      // Taken over by a new connection of the same device here: that one holds the device online.
      const current = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients[
        client.id
      ];
      if (current && current !== client) return;
      this.queuePresence(identity.device, () => this.presence.offline(identity.device, this.nodes.id));
    });
  }

  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined) {
    const name = username ?? '';
    if (isDeviceSerial(name)) {
      if (client.id !== name)
        throw refusal(BAD_CREDENTIALS, 'a device connects with its serial as client id');
      const found = await this.presence.authenticate(name, password?.toString('utf8') ?? '');
      if (found === 'unbound') throw refusal(NOT_AUTHORISED, 'the device is not bound to a company');
      if (typeof found === 'string') throw refusal(BAD_CREDENTIALS, 'unknown device or wrong secret');
      this.identities.set(client, { kind: 'device', device: found });
      return;
    }
    throw refusal(BAD_CREDENTIALS, 'unknown client');
  }

  private queuePresence(device: BrokerDevice, write: () => Promise<void>) {
    const previous = this.presenceQueue.get(device.id) ?? Promise.resolve();
    const next = previous
      .then(write)
      .catch((error: unknown) =>
        this.log.warn({ err: error, deviceId: device.id }, 'mqtt presence not written'),
      );
    this.presenceQueue.set(device.id, next);
    void next.then(() => {
      if (this.presenceQueue.get(device.id) === next) this.presenceQueue.delete(device.id);
    });
  }

  /** Waits for the presence writes under way (tests, and a clean stop). */
  async settled(): Promise<void> {
    while (this.presenceQueue.size > 0) await Promise.all(this.presenceQueue.values());
  }

  /**
   * Listens for MQTT over TCP (or TLS). A taken default port gives way to a free one; a chosen port
   * that is taken is an error for the caller to report. Answers the port listened on.
   */
  async listenTcp(listener: TcpListener): Promise<number> {
    const handle = (socket: Socket) => this.aedes.handle(socket);
    const make = () =>
      listener.tls
        ? createTlsServer(
            { cert: readFileSync(listener.tls.certFile), key: readFileSync(listener.tls.keyFile) },
            handle,
          )
        : createTcpServer(handle);
    const listen = (server: TcpServer, port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, listener.host, () => {
          server.off('error', reject);
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    const server = make();
    try {
      const port = await listen(server, listener.port);
      this.tcp = server;
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || listener.chosen) throw error;
      const fallback = make();
      const port = await listen(fallback, 0);
      this.tcp = fallback;
      return port;
    }
  }

  /** Takes WebSocket upgrades at `/mqtt` on the HTTP server; other upgrades are refused. */
  attachWebSocket(server: HttpServer) {
    const websocket = new WebSocketServer({
      noServer: true,
      // MQTT over WebSocket names its subprotocol (MQTT 3.1.1 §6): `mqtt`, or `mqttv3.1` of old clients.
      handleProtocols: (protocols) =>
        protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false,
    });
    websocket.on('connection', (socket, request) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', () => socket.terminate());
      this.aedes.handle(stream as Duplex, request);
    });
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== WEBSOCKET_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      websocket.handleUpgrade(request, socket, head, (ws) => websocket.emit('connection', ws, request));
    });
    this.websocket = websocket;
  }

  /** Stops listening, disconnects every client (their devices go offline), and leaves the nodes. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      if (!this.tcp) return resolve();
      this.tcp.close(() => resolve());
    });
    for (const client of this.websocket?.clients ?? []) client.terminate();
    this.websocket?.close();
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await this.settled();
    await this.nodes.stop();
  }
}
