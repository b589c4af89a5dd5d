/**
 * A real Aedes broker for the simulator's tests, with the server's rules in small (apps/server,
 * modules/mqtt): a device connects with client id = user name = its serial and its secret (CONNACK 4
 * otherwise, 5 when not bound; 0x86 and 0x87 to an MQTT 5 client), publishes only under its own `up`
 * (else its MQTT 3.1.1 connection is closed, an MQTT 5 one told PUBACK 0x87) and subscribes only
 * under its own `down` (else SUBACK 0x80, 0x87 in MQTT 5). It speaks MQTT 3.1.1 and 5, listens on
 * free ports, over TCP and WebSocket, and can go away and come back on the same port.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { MQTT_TOPIC_ROOT } from '@vap/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';

export interface BrokerUnit {
  sn: string;
  secret: string;
  /** false: known, right secret, but refused with 5 (not bound). */
  bound?: boolean;
}

/** A message a device published. */
export interface Seen {
  clientId: string;
  topic: string;
  body: Record<string, unknown>;
  qos: number;
  at: number;
}

const refusal = (returnCode: number, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode }) as AuthenticateError;

const listen = (server: Server | HttpServer, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });

export class TestBroker {
  /** Every message a device published, in order. */
  readonly messages: Seen[] = [];
  /** When each client id sent CONNECT. */
  readonly attempts = new Map<string, number[]>();
  /** The devices subscribed to their commands on their current connection. */
  readonly listening = new Set<string>();
  /** Publications refused by the ACL (a device out of its own topics). */
  readonly trespasses: string[] = [];
  /** Publications the broker takes and never acknowledges, as a broker that hangs would. */
  hold: (topic: string) => boolean = () => false;
  private readonly sockets = new Set<Socket>();
  private tcp: Server | undefined;
  private http: HttpServer | undefined;
  private websocket: WebSocketServer | undefined;
  private port = 0;
  private httpPort = 0;
  private commandId = 0;

  private constructor(
    readonly aedes: Aedes,
    private readonly units: Map<string, BrokerUnit>,
  ) {}

  static async start(units: readonly BrokerUnit[]): Promise<TestBroker> {
    const aedes = await Aedes.createBroker();
    const broker = new TestBroker(aedes, new Map(units.map((unit) => [unit.sn, unit])));
    broker.install();
    await broker.up();
    await broker.listenWebSocket();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.httpPort}/mqtt`;
  }

  /** Clients connected now. */
  get connected(): number {
    return this.aedes.connectedClients;
  }

  /** The MQTT protocol level a client connected with (4: MQTT 3.1.1, 5: MQTT 5), if it is connected. */
  protocolOf(clientId: string): number | undefined {
    return (this.aedes as unknown as { clients: Record<string, Client | undefined> }).clients[clientId]
      ?.version;
  }

  private install() {
    const { aedes } = this;
    aedes.authenticate = (client, username, password, done) => {
      const sn = username ?? '';
      this.attempts.set(sn, [...(this.attempts.get(sn) ?? []), Date.now()]);
      const unit = this.units.get(sn);
      if (!unit || client.id !== sn || password?.toString() !== unit.secret) {
        return done(refusal(4, 'unknown unit or wrong secret'), false);
      }
      if (unit.bound === false) return done(refusal(5, 'not bound'), false);
      done(null, true);
    };
    aedes.authorizePublish = (client, packet, done) => {
      if (this.hold(packet.topic)) return;
      if (client && !packet.topic.startsWith(`${MQTT_TOPIC_ROOT}/${client.id}/up/`)) {
        this.trespasses.push(`${client.id} → ${packet.topic}`);
        return done(new Error('not its topic'));
      }
      done(null);
    };
    aedes.authorizeSubscribe = (client, subscription, done) => {
      const own = subscription.topic.startsWith(`${MQTT_TOPIC_ROOT}/${client.id}/down/`);
      done(null, own ? subscription : null);
    };
    aedes.on('subscribe', (subscriptions, client) => {
      if (subscriptions.some((subscription) => subscription.topic.endsWith('/down/cmd'))) {
        this.listening.add(client.id);
      }
    });
    aedes.on('clientDisconnect', (client) => this.listening.delete(client.id));
    aedes.on('publish', (packet, client: Client | null) => {
      if (!client) return;
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(packet.payload.toString());
      } catch {}
      this.messages.push({ clientId: client.id, topic: packet.topic, body, qos: packet.qos, at: Date.now() });
    });
  }

  /** Listens for MQTT over TCP: on a free port the first time, on the same one after down(). */
  async up(): Promise<void> {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      this.aedes.handle(socket);
    });
    this.port = await listen(server, this.port);
    this.tcp = server;
  }

  /** The broker goes away: no more listening, every TCP connection cut. */
  async down(): Promise<void> {
    const server = this.tcp;
    this.tcp = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private async listenWebSocket() {
    const websocket = new WebSocketServer({ noServer: true });
    const http = createHttpServer();
    http.on('upgrade', (request, socket, head) => {
      if (request.url !== '/mqtt') return socket.destroy();
      websocket.handleUpgrade(request, socket, head, (ws) => {
        const stream = createWebSocketStream(ws);
        stream.on('error', () => ws.terminate());
        this.aedes.handle(stream as Duplex, request);
      });
    });
    this.httpPort = await listen(http, 0);
    this.http = http;
    this.websocket = websocket;
  }

  /** The messages of one device on one kind of topic (`telemetry`, `state`, …). */
  of(sn: string, kind: string): Seen[] {
    const topic = `${MQTT_TOPIC_ROOT}/${sn}/up/${kind}`;
    return this.messages.filter((message) => message.clientId === sn && message.topic === topic);
  }

  /** Sends a command, as the server would, once the device listens, and answers the device's reply. */
  async command(
    sn: string,
    body: Record<string, unknown>,
    timeoutMs = 5_000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    while (!this.listening.has(sn)) {
      if (Date.now() > deadline) throw new Error(`${sn} does not listen for commands`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const id = body.id ?? `c${++this.commandId}`;
    const from = this.messages.length;
    await new Promise<void>((resolve, reject) =>
      this.aedes.publish(
        {
          cmd: 'publish',
          topic: `${MQTT_TOPIC_ROOT}/${sn}/down/cmd`,
          payload: Buffer.from(JSON.stringify({ ...body, id })),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    while (Date.now() < deadline) {
      const reply = this.messages
        .slice(from)
        .find((message) => message.topic === `${MQTT_TOPIC_ROOT}/${sn}/up/reply` && message.body.id === id);
      if (reply) return reply.body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no reply from ${sn} to ${JSON.stringify(body)}`);
  }

  async close(): Promise<void> {
    await this.down();
    for (const client of this.websocket?.clients ?? []) client.terminate();
    this.websocket?.close();
    await new Promise<void>((resolve) => this.http?.close(() => resolve()) ?? resolve());
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
  }
}
