/**
 * The broker's nodes as one (docs/mqtt.md "More than one node"). With REDIS_URL, every server's
 * Aedes shares one message bus (mqemitter-redis: what a client publishes on one node reaches the
 * subscribers of all) and one store (aedes-persistence-redis: retained messages, the subscriptions
 * and queued QoS 1 messages of persistent sessions survive a node's restart). On that bus the nodes
 * also answer each other: the live client list gathers every node's connections, and a kick
 * reaches the node that holds the client.
 *
 * Without REDIS_URL a node is a broker of its own (in-memory bus and store): it asks only itself.
 */
import { randomUUID } from 'node:crypto';
import type { MqttClient, MqttSubscription } from '@vap/contracts';
import type { Aedes } from 'aedes';
import type { Connection } from './connection.js';
import { clientOf, subscriptionsOf } from './live.js';

/** One connected client, as a node answers for it. */
export interface ClusterClient {
  client: MqttClient;
  subscriptions: MqttSubscription[];
}

/** What the cluster asks of one node: its side of the broker. */
export interface LocalBroker {
  readonly nodeId: string;
  connectionsOf(companyId: number): Connection[];
  kick(companyId: number, clientId: string, reason?: string): boolean;
}

type Question = { op: 'clients'; companyId: number } | { op: 'kick'; companyId: number; clientId: string };
type Request = Question & { id: string; from: string };
interface Reply {
  id: string;
  node: string;
  clients?: ClusterClient[];
  kicked?: boolean;
}

const REQUESTS = '$SYS/vap/cluster/request';
const repliesTo = (node: string) => `$SYS/vap/cluster/reply/${node}`;
/** How long an answer is waited for: a node that stays silent has its clients left out. */
export const CLUSTER_TIMEOUT_MS = 2_000;

interface Bus {
  on(topic: string, listener: (message: { topic: string; payload: unknown }, done: () => void) => void): void;
  emit(message: { topic: string; payload: unknown }, callback?: (error?: Error) => void): void;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value));
const decode = <T>(payload: unknown): T =>
  JSON.parse(Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload)) as T;

export class Cluster {
  private readonly waiting = new Map<string, { replies: Reply[]; expected: Set<string>; done: () => void }>();

  constructor(
    aedes: Aedes,
    private readonly local: LocalBroker,
    /** The nodes that share this node's bus, itself included. */
    private readonly peers: () => Promise<readonly string[]>,
    private readonly log: { warn(object: object, message: string): void },
    private readonly timeoutMs = CLUSTER_TIMEOUT_MS,
  ) {
    this.bus = (aedes as unknown as { mq: Bus }).mq;
    this.bus.on(REQUESTS, (message, done) => {
      done();
      this.answer(decode<Request>(message.payload));
    });
    this.bus.on(repliesTo(local.nodeId), (message, done) => {
      done();
      const reply = decode<Reply>(message.payload);
      const pending = this.waiting.get(reply.id);
      if (!pending) return;
      pending.replies.push(reply);
      pending.expected.delete(reply.node);
      if (pending.expected.size === 0) pending.done();
    });
  }

  private readonly bus: Bus;

  private answer(request: Request) {
    const reply: Reply = { id: request.id, node: this.local.nodeId };
    if (request.op === 'clients') {
      reply.clients = this.local.connectionsOf(request.companyId).map((connection) => ({
        client: clientOf(connection, this.local.nodeId),
        subscriptions: subscriptionsOf(connection, this.local.nodeId),
      }));
    } else reply.kicked = this.local.kick(request.companyId, request.clientId);
    this.bus.emit({ topic: repliesTo(request.from), payload: encode(reply) }, (error) => {
      if (error) this.log.warn({ err: error }, 'mqtt cluster reply not sent');
    });
  }

  /** Asks every node and gathers what answers in time. */
  private async ask(request: Question): Promise<Reply[]> {
    const id = randomUUID();
    const expected = new Set(await this.peers());
    expected.add(this.local.nodeId);
    const replies: Reply[] = [];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.log.warn({ silent: [...expected] }, 'mqtt nodes did not answer in time');
        finish();
      }, this.timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve();
      };
      this.waiting.set(id, { replies, expected, done: finish });
      this.bus.emit(
        { topic: REQUESTS, payload: encode({ ...request, id, from: this.local.nodeId }) },
        (error) => {
          if (error) {
            this.log.warn({ err: error }, 'mqtt cluster request not sent');
            finish();
          }
        },
      );
    });
    return replies;
  }

  /** Every node's connected clients of the company, with their subscriptions. */
  async clients(companyId: number): Promise<ClusterClient[]> {
    const replies = await this.ask({ op: 'clients', companyId });
    return replies.flatMap((reply) => reply.clients ?? []);
  }

  /** Disconnects the company's client on whichever node holds it; false when none does. */
  async kick(companyId: number, clientId: string): Promise<boolean> {
    const replies = await this.ask({ op: 'kick', companyId, clientId });
    return replies.some((reply) => reply.kicked === true);
  }
}

/** A bus and a store the nodes share; closed after the broker. */
export interface SharedBackends {
  mq: unknown;
  persistence: unknown;
  close(): Promise<void>;
}

/**
 * The bus and the store on one Redis (REDIS_URL). Their clients are loaded here, so that a node of
 * its own (no REDIS_URL) never pays for loading them at start.
 */
export async function redisBackends(url: string): Promise<SharedBackends> {
  const [{ default: mqemitterRedis }, { default: aedesPersistenceRedis }, { Redis }] = await Promise.all([
    import('mqemitter-redis'),
    import('aedes-persistence-redis'),
    import('ioredis'),
  ]);
  const mq = mqemitterRedis({ connectionString: url });
  const persistence = aedesPersistenceRedis({ conn: new Redis(url) });
  return {
    mq,
    persistence,
    // Aedes closes its bus itself; the store stays with us.
    close: () => persistence.destroy(),
  };
}
