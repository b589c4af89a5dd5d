/**
 * The MQTT broker embedded in the server (issue 15): Aedes, MQTT 3.1, 3.1.1 and 5, over TCP on
 * MQTT_PORT (TLS with MQTT_TLS_CERT and MQTT_TLS_KEY) and over WebSocket at `/mqtt` on the HTTP
 * port.
 *
 * Who may connect: a device with client id = username = its serial and password = its unit's factory
 * secret, once bound to a company (an unknown unit or a wrong secret is refused with CONNACK 4, bad
 * user name or password — 0x86 to an MQTT 5 client; an unbound one with 5, not authorised — 0x87);
 * a user client with an access key or the debug tool's token (user-clients.ts). What each may do:
 * topics.ts, and for the debug tool its role's `subscribe` and `send` buttons (user-clients.ts). A
 * refused subscription gets its SUBACK's failure code (0x80, 0x87 in MQTT 5); a refused publication
 * costs an MQTT 3.1.1 client its connection, while an MQTT 5 one keeps it and has the
 * message dropped (its QoS 1 PUBACK says 0x87). The server ends an MQTT 5 connection with a
 * DISCONNECT that says why: 0x98 administrative action for a kick, 0x87 not authorised for revoked
 * credentials. A device's connection and disconnection set it online and offline in the device list
 * (devices' presence.ts), one after the other for each device, in the order they happened. Counts,
 * time series and logs follow the traffic as observers (stats.ts, log.ts).
 *
 * What a hostile client can make it hold or try (issue 28): no packet, nor WebSocket message, over
 * MQTT_MAX_PACKET_SIZE — refused from its announced length, before its bytes are buffered, whether
 * the client has authenticated or not; a user client's id is its company's alone (another company
 * may use the same id without taking it over); failed connects are limited (connect-limits.ts),
 * logged and counted for the company whose device or key they named.
 */
import { readFileSync } from 'node:fs';
import { createServer as createTcpServer, type Socket, type Server as TcpServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { isDeviceSerial } from '@vap/contracts';
import {
  Aedes,
  type AedesPublishPacket,
  type AuthenticateError,
  type Client,
  type ConnectPacket,
} from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { Upgrades } from '../../core/http/upgrades.js';
import type { BrokerDevice, DevicePresence } from '../devices/index.js';

import { brokerBus } from './bus.js';
import { Cluster, type SharedBackends } from './cluster.js';
import type { ConnectAttempt, ConnectLimits } from './connect-limits.js';
import {
  type BrokerObserver,
  type Connection,
  type Identity,
  type RefusedConnect,
  scopedClientId,
} from './connection.js';
import type { BrokerNodes } from './nodes.js';
import type { CredentialOwners } from './owners.js';
import {
  devicePublishes,
  deviceSubscribes,
  deviceTopic,
  userPublishes,
  userReceives,
  userSubscribes,
  WEBSOCKET_PATH,
} from './topics.js';
import type { UserClients, UserGrant } from './user-clients.js';

/**
 * CONNACK return codes of MQTT 3.1.1 (§3.2.2.3); Aedes answers an MQTT 5 client the reason code of
 * the same meaning (0x86 bad user name or password, 0x87 not authorised).
 */
const BAD_CREDENTIALS = 4 as AuthenticateError['returnCode'];
const NOT_AUTHORISED = 5 as AuthenticateError['returnCode'];
/**
 * Too many failed connects: "server unavailable" (0x88 in MQTT 5), the code that says to come back
 * later. Aedes takes no other code from authentication, so MQTT 5's 0x9F is out of reach.
 */
const SERVER_UNAVAILABLE = 3 as AuthenticateError['returnCode'];

/** The MQTT 5 reason codes of the server's own DISCONNECTs (§3.14.2.1). */
const DISCONNECT_REASONS = {
  /** A kick (DELETE clients/{id}). */
  kicked: 0x98,
  /** The key or the session the client connected with no longer allows it. */
  revoked: 0x87,
} as const;

/** What a disconnect that Aedes itself sent an MQTT 5 client (`disconnectReasonCode`) says. */
const AEDES_DISCONNECTS: ReadonlyMap<number, string> = new Map([
  [0x8b, 'server shutting down'],
  [0x8e, 'session taken over'],
  [0x94, 'topic alias invalid'],
  [0x95, 'packet too large'],
]);

/**
 * A publication the ACL refused. It ends an MQTT 3.1.1 connection; an MQTT 5 one stays (Aedes says
 * it as clientError all the same), and the message, as the PUBACK's reason string, goes back to the
 * client: it names the client's own topic, nothing of the server.
 */
class PublishRefused extends Error {}

/** The longest Session Expiry Interval an MQTT 5 client may ask for: the log's 7 days. */
const SESSION_EXPIRY_LIMIT_S = 7 * 24 * 3600;
/** The most MQTT 5 sessions (and delayed wills) waiting to expire at once. */
const PENDING_SESSIONS_LIMIT = 100_000;

/** How often connected user clients' credentials and devices are checked again. */
export const SWEEP_MS = 30_000;

export interface BrokerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** What keeps one client from holding much of the broker, or guessing without end (issue 28). */
export interface BrokerGuards {
  /** Bytes of the largest packet, and of the largest WebSocket message at /mqtt. */
  maxPacketSize: number;
  connects: ConnectLimits;
  owners: CredentialOwners;
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

const isBadCredentials = (error: unknown) =>
  (error as Partial<AuthenticateError>).returnCode === BAD_CREDENTIALS;

export class Broker {
  private readonly connections = new WeakMap<Client, Connection>();
  /** The CONNECT packet of a client between preConnect and authenticate. */
  private readonly connectPackets = new WeakMap<Client, ConnectPacket>();
  /** Sockets that came through the TLS listener. */
  private readonly tlsSockets = new WeakSet<object>();
  private readonly observers: BrokerObserver[] = [];
  /** Each device's presence writes, one after the other. */
  private readonly presenceQueue = new Map<number, Promise<void>>();
  private tcp: TcpServer | undefined;
  private websocket: WebSocketServer | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private shared: SharedBackends | undefined;
  /** Every node's clients, and kicks wherever a client is (cluster.ts). */
  cluster!: Cluster;

  private constructor(
    readonly aedes: Aedes,
    private readonly presence: DevicePresence,
    private readonly users: UserClients,
    private readonly nodes: BrokerNodes,
    private readonly log: BrokerLog,
    private readonly guards: BrokerGuards,
  ) {}

  static async create(
    presence: DevicePresence,
    users: UserClients,
    nodes: BrokerNodes,
    log: BrokerLog,
    guards: BrokerGuards,
    /** A bus and a store shared with the other nodes (REDIS_URL); without, this node is alone. */
    shared?: SharedBackends,
    /**
     * Whether this server is a broker node (MQTT_BROKER): one that is not takes no connection and
     * is not listed among the live nodes, and only settles the devices of nodes gone once.
     */
    serve = true,
  ): Promise<Broker> {
    const aedes = await Aedes.createBroker({
      id: nodes.id,
      drainTimeout: 30_000,
      // Enforced for every protocol version, and announced in an MQTT 5 CONNACK: Aedes reads a
      // packet's announced length as soon as its fixed header arrives and drops the connection (an
      // MQTT 5 client that connected is told 0x95 first) before buffering the rest.
      maximumPacketSize: guards.maxPacketSize,
      // MQTT 5 sessions that outlive their connection: kept at most a week, and at most 100,000 at
      // once, so that clients cycling client ids cannot make the broker hold sessions without end.
      sessionExpiryIntervalLimit: SESSION_EXPIRY_LIMIT_S,
      pendingSessionsLimit: PENDING_SESSIONS_LIMIT,
      mq: shared?.mq ?? brokerBus(),
      ...(shared ? { persistence: shared.persistence } : {}),
    });
    const broker = new Broker(aedes, presence, users, nodes, log, guards);
    broker.shared = shared;
    broker.cluster = new Cluster(aedes, broker, shared ? () => nodes.live() : async () => [], log);
    broker.install();
    if (serve) await nodes.start();
    else await nodes.beat();
    broker.sweeper = setInterval(() => void broker.sweep(), SWEEP_MS);
    broker.sweeper.unref();
    return broker;
  }

  /**
   * Whether a broker node serves the companies now: this server, or another sharing its database
   * (spec §2.3: without one the console hides its MQTT pages).
   */
  async served(): Promise<boolean> {
    return (await this.nodes.live()).length > 0;
  }

  /** This node's id (mqtt_nodes). */
  get nodeId(): string {
    return this.nodes.id;
  }

  observe(observer: BrokerObserver) {
    this.observers.push(observer);
  }

  private notify<K extends keyof BrokerObserver>(
    event: K,
    ...args: Parameters<NonNullable<BrokerObserver[K]>>
  ) {
    for (const observer of this.observers) {
      try {
        (observer[event] as ((...a: typeof args) => void) | undefined)?.(...args);
      } catch (error) {
        this.log.warn({ err: error, event }, 'mqtt observer failed');
      }
    }
  }

  /** Aedes' clients of this node by client id (it keeps them so; its types do not say). */
  private get clientsById(): Record<string, Client | undefined> {
    return (this.aedes as unknown as { clients: Record<string, Client | undefined> }).clients;
  }

  private install() {
    const { aedes } = this;
    aedes.preConnect = (client, packet, done) => {
      this.connectPackets.set(client, packet);
      done(null, true);
    };
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
      // A will or a message of the server itself (client null) passes; a client's only its own topics.
      if (client && !this.mayPublish(this.connections.get(client)?.identity, packet.topic)) {
        this.log.warn({ clientId: client.id, topic: packet.topic }, 'mqtt publish refused');
        return done(new PublishRefused(`publishing to ${packet.topic} is not allowed`));
      }
      done(null);
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      if (!this.maySubscribe(this.connections.get(client)?.identity, subscription.topic)) {
        this.log.warn({ clientId: client.id, topic: subscription.topic }, 'mqtt subscribe refused');
        // SUBACK 0x80 for this filter (0x87 not authorised, in MQTT 5); the connection stays.
        return done(null, null);
      }
      done(null, subscription);
    };
    aedes.authorizeForward = (client, packet) => {
      const connection = this.connections.get(client);
      if (!connection) return packet;
      const { identity } = connection;
      // A wildcard subscription of a user client reaches every serial: it gets its own devices' only;
      // and nothing while it may not subscribe (a debug tool whose role lost `subscribe`).
      if (
        identity.kind === 'user' &&
        !(identity.acts.has('subscribe') && userReceives(packet.topic, identity.serials))
      )
        return null;
      connection.messagesOut++;
      this.notify('delivered', connection, packet);
      return packet;
    };
    aedes.on('clientReady', (client) => {
      const connection = this.connections.get(client);
      if (!connection) return;
      this.notify('connected', connection);
      const { identity } = connection;
      if (identity.kind !== 'device') return;
      this.queuePresence(identity.device, () =>
        this.presence.online(identity.device, this.nodes.id, connection.ip),
      );
    });
    aedes.on('clientError', (client, error) => {
      // A refused publication of an MQTT 5 client: the message is dropped, the connection stays.
      if (error instanceof PublishRefused && client.version === 5) return;
      const connection = this.connections.get(client);
      if (connection) connection.closeReason ??= error.message;
    });
    aedes.on('keepaliveTimeout', (client) => {
      const connection = this.connections.get(client);
      if (connection) connection.closeReason ??= 'keep-alive timeout';
    });
    aedes.on('publish', (packet, client) => {
      const connection = client ? this.connections.get(client) : undefined;
      if (!connection) return;
      connection.messagesIn++;
      this.notify('published', connection, packet);
    });
    aedes.on('subscribe', (subscriptions, client) => {
      const connection = this.connections.get(client);
      if (connection) this.notify('subscribed', connection, subscriptions);
    });
    aedes.on('unsubscribe', (topics, client) => {
      const connection = this.connections.get(client);
      if (connection) this.notify('unsubscribed', connection, topics);
    });
    aedes.on('clientDisconnect', (client) => {
      const connection = this.connections.get(client);
      if (!connection) return;
      const sent = client.disconnectReasonCode;
      const reason =
        connection.closeReason ??
        (sent === null ? undefined : AEDES_DISCONNECTS.get(sent)) ??
        'client disconnected';
      this.notify('disconnected', connection, reason);
      const { identity } = connection;
      if (identity.kind !== 'device') return;
      // Taken over by a new connection of the same device here: that one holds the device online.
      const current = this.clientsById[client.id];
      if (current && current !== client) return;
      this.queuePresence(identity.device, () => this.presence.offline(identity.device, this.nodes.id));
    });
  }

  private mayPublish(identity: Identity | undefined, topic: string): boolean {
    if (!identity) return false;
    return identity.kind === 'device'
      ? devicePublishes(identity.device.sn, topic)
      : identity.acts.has('publish') && userPublishes(topic, identity.serials);
  }

  private maySubscribe(identity: Identity | undefined, filter: string): boolean {
    if (!identity) return false;
    return identity.kind === 'device'
      ? deviceSubscribes(identity.device.sn, filter)
      : identity.acts.has('subscribe') && userSubscribes(filter, identity.serials);
  }

  private transportOf(client: Client): Connection['transport'] {
    return client.req ? 'ws' : this.tlsSockets.has(client.conn) ? 'tls' : 'tcp';
  }

  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined) {
    const name = username ?? '';
    const secret = password?.toString('utf8') ?? '';
    const attempt: ConnectAttempt = { clientId: client.id, username: name, address: addressOf(client) };
    const transport = this.transportOf(client);
    const blocked = this.guards.connects.admit(attempt);
    if (blocked) {
      // One line per count and window: a guesser refused hundreds of times a second must not
      // flood the log, and the count on the dashboard says how many.
      if (blocked.first)
        this.log.warn(
          { ...this.described(attempt, transport), limit: blocked.key, until: blocked.until.toISOString() },
          'mqtt connects refused until the window ends: too many failed connects',
        );
      this.refused(attempt, transport, 'too_many_failures', this.guards.owners.known(name) ?? null);
      throw refusal(SERVER_UNAVAILABLE, 'too many failed connects, try again later');
    }
    let identity: Identity;
    try {
      identity = await this.identify(client, name, secret);
    } catch (error) {
      if (isBadCredentials(error)) await this.failed(attempt, transport, (error as Error).message);
      else this.guards.connects.release(attempt);
      throw error;
    }
    this.guards.connects.release(attempt);
    const packet = this.connectPackets.get(client);
    this.connectPackets.delete(client);
    const clientId = client.id;
    client.id = scopedClientId(identity.companyId, clientId);
    this.connections.set(client, {
      identity,
      client,
      clientId,
      connectedAt: new Date(),
      ip: attempt.address,
      transport,
      protocolLevel: packet?.protocolVersion ?? client.version ?? 4,
      keepalive: packet?.keepalive ?? 0,
      clean: packet?.clean ?? client.clean,
      messagesIn: 0,
      messagesOut: 0,
      closeReason: null,
    });
  }

  /** What the log says of a connect: never its password. */
  private described(attempt: ConnectAttempt, transport: Connection['transport']) {
    return { clientId: attempt.clientId, username: attempt.username, ip: attempt.address, transport };
  }

  private refused(
    attempt: ConnectAttempt,
    transport: Connection['transport'],
    reason: RefusedConnect['reason'],
    companyId: number | null,
  ) {
    this.notify('refused', {
      clientId: attempt.clientId,
      username: attempt.username,
      ip: attempt.address,
      transport,
      reason,
      companyId,
    });
  }

  /** A connect with wrong credentials: logged, counted against its limits and for its company. */
  private async failed(attempt: ConnectAttempt, transport: Connection['transport'], why: string) {
    this.log.warn({ ...this.described(attempt, transport), reason: why }, 'mqtt connect refused');
    const [companyId] = await Promise.all([
      this.guards.owners.of(attempt.username).catch(() => null),
      this.guards.connects
        .failed(attempt)
        .catch((error: unknown) => this.log.warn({ err: error }, 'mqtt failed connect not counted')),
    ]);
    this.refused(attempt, transport, 'bad_credentials', companyId);
  }

  /** Who the credentials say the client is, or the refusal (CONNACK 4 or 5) that says why not. */
  private async identify(client: Client, name: string, secret: string): Promise<Identity> {
    if (isDeviceSerial(name)) {
      if (client.id !== name)
        throw refusal(BAD_CREDENTIALS, 'a device connects with its serial as client id');
      const found = await this.presence.authenticate(name, secret);
      if (found === 'unbound') throw refusal(NOT_AUTHORISED, 'the device is not bound to a company');
      if (typeof found === 'string') throw refusal(BAD_CREDENTIALS, 'unknown device or wrong secret');
      return { kind: 'device', companyId: found.companyId, device: found };
    }
    // A serial is a device's alone: no user client takes one as its id (it would take the device over).
    if (isDeviceSerial(client.id)) throw refusal(BAD_CREDENTIALS, 'a serial is no user client id');
    const found = await this.users.authenticate(client.id, name, secret);
    if (found === 'not_authorised') throw refusal(NOT_AUTHORISED, 'the credentials may not connect');
    if (typeof found === 'string') throw refusal(BAD_CREDENTIALS, 'unknown client or wrong password');
    return found;
  }

  /** This node's connections, of one company. */
  connectionsOf(companyId: number): Connection[] {
    const found: Connection[] = [];
    for (const client of Object.values(this.clientsById)) {
      const connection = client && this.connections.get(client);
      if (connection && connection.identity.companyId === companyId && client.connected)
        found.push(connection);
    }
    return found;
  }

  /** Every connection of this node. */
  allConnections(): Connection[] {
    const found: Connection[] = [];
    for (const client of Object.values(this.clientsById)) {
      const connection = client && this.connections.get(client);
      if (connection && client.connected) found.push(connection);
    }
    return found;
  }

  /**
   * Sends a device a message on its `down/{rest}` (QoS 1), wherever in the cluster it is connected:
   * the bus carries it to the node that holds the device. Resolves once the bus took it.
   */
  sendToDevice(sn: string, rest: string, body: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.aedes.publish(
        {
          cmd: 'publish',
          topic: deviceTopic(sn, 'down', rest),
          payload: Buffer.from(JSON.stringify(body)),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  /**
   * Follows what a device publishes on its `up/{rest}`, wherever in the cluster it is connected
   * (the bus carries it here). Resolves once following, to the function that stops it.
   */
  followDevice(sn: string, rest: string, handler: (payload: Buffer) => void): Promise<() => Promise<void>> {
    const topic = deviceTopic(sn, 'up', rest);
    const deliver = (packet: AedesPublishPacket, done: () => void) => {
      try {
        handler(Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload ?? ''));
      } finally {
        done();
      }
    };
    return new Promise((resolve) =>
      this.aedes.subscribe(topic, deliver, () =>
        resolve(() => new Promise<void>((stopped) => this.aedes.unsubscribe(topic, deliver, stopped))),
      ),
    );
  }

  /** Disconnects a client of the company; false when none of that id is connected here. */
  kick(companyId: number, clientId: string, reason = 'kicked'): boolean {
    const client = this.clientsById[scopedClientId(companyId, clientId)];
    const connection = client && this.connections.get(client);
    if (!client || !connection || connection.identity.companyId !== companyId) return false;
    connection.closeReason = reason;
    client.disconnect({ reasonCode: DISCONNECT_REASONS.kicked });
    return true;
  }

  /**
   * Checks every connected user client again: one whose key or session no longer allows it is
   * disconnected, the others get the devices they may address now and what they may do there.
   */
  async sweep(): Promise<void> {
    // One check per credential: the clients of one key, or of one session, share its answer.
    const checks = new Map<string, Promise<UserGrant | null>>();
    await Promise.all(
      this.allConnections().map(async (connection) => {
        const { identity, client } = connection;
        if (identity.kind !== 'user') return;
        const credential = `${identity.companyId}:${identity.keyId ?? ''}:${identity.sessionId ?? ''}`;
        let check = checks.get(credential);
        if (!check) {
          check = this.users.recheck(identity);
          checks.set(credential, check);
        }
        try {
          const grant = await check;
          if (grant === null) {
            connection.closeReason = 'credentials revoked';
            client.disconnect({ reasonCode: DISCONNECT_REASONS.revoked });
          } else {
            identity.serials = grant.serials;
            identity.acts = grant.acts;
          }
        } catch (error) {
          // The database failing is no reason to cut anyone off: the next sweep asks again.
          this.log.warn({ err: error, clientId: client.id }, 'mqtt user client not checked');
        }
      }),
    );
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
  /** Resolves once this device's connection and disconnection writes so far are in the device list. */
  async presenceSettled(deviceId: number): Promise<void> {
    await this.presenceQueue.get(deviceId);
  }

  async settled(): Promise<void> {
    while (this.presenceQueue.size > 0) await Promise.all(this.presenceQueue.values());
  }

  /**
   * Listens for MQTT over TCP (or TLS). A taken default port gives way to a free one; a chosen port
   * that is taken is an error for the caller to report. Answers the port listened on.
   */
  async listenTcp(listener: TcpListener): Promise<number> {
    const handle = (socket: Socket) => {
      // MQTT packets are small and answered one by one: Nagle's wait would hold each for an ACK.
      socket.setNoDelay(true);
      if (listener.tls) this.tlsSockets.add(socket);
      this.aedes.handle(socket);
    };
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
  attachWebSocket(upgrades: Upgrades) {
    const websocket = new WebSocketServer({
      noServer: true,
      // ws buffers a whole message before handing it on (100 MiB by default): one larger than the
      // largest packet is refused (close 1009) from its announced length, before authentication as
      // after. A message holding several packets counts whole, which only a flood of them makes.
      maxPayload: this.guards.maxPacketSize,
      // MQTT over WebSocket names its subprotocol (MQTT 3.1.1 §6): `mqtt`, or `mqttv3.1` of old clients.
      handleProtocols: (protocols) =>
        protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false,
    });
    websocket.on('connection', (socket, request) => {
      const stream = createWebSocketStream(socket);
      stream.on('error', () => socket.terminate());
      this.aedes.handle(stream as Duplex, request);
    });
    upgrades.route(WEBSOCKET_PATH, (request, socket, head) =>
      websocket.handleUpgrade(request, socket, head, (ws) => websocket.emit('connection', ws, request)),
    );
    this.websocket = websocket;
  }

  /** Stops listening, disconnects every client (their devices go offline), and leaves the nodes. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await new Promise<void>((resolve) => {
      if (!this.tcp) return resolve();
      this.tcp.close(() => resolve());
    });
    for (const client of this.websocket?.clients ?? []) client.terminate();
    this.websocket?.close();
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await this.shared?.close();
    await this.settled();
    await this.nodes.stop();
  }
}
