/**
 * The broker's log (POST mqtt_log/message, subscribe, device_state, user_state): what clients
 * publish (topic, QoS, retain, size, the payload's first MQTT_LOG_PAYLOAD_BYTES, direction), their
 * subscriptions and unsubscriptions, and their connections and disconnections (address, transport,
 * reason). Entries wait in memory and are written in batches — a second's worth, or
 * BATCH_ROWS — so that logging costs the broker little (log-batch.ts); when the database falls
 * behind, new messages are not logged while MAX_WAITING entries wait, rather than the broker slowed
 * (and the drop is logged).
 * The writes take at most a share of the time (WRITE_SHARE): after each batch the log rests
 * long enough to stay within it. On PGlite a statement runs on the broker's own thread, on
 * PostgreSQL it takes the database's CPU (on a small machine, the broker's too); either way a flood
 * leaves a sample in the log rather than halving the broker.
 * Kept MQTT_SERIES_KEPT_DAYS, and at most `maxRows` rows (MQTT_LOG_MAX_ROWS; 0 logs nothing).
 */
import {
  checkWheres,
  MQTT_LOG_EXPORT_MAX_ROWS,
  MQTT_LOG_FILTERS,
  MQTT_LOG_PAYLOAD_BYTES,
  MQTT_SERIES_KEPT_DAYS,
  type MqttLogEntry,
  type MqttLogKind,
} from '@vap/contracts';
import type { AedesPublishPacket, Subscription } from 'aedes';
import { and, count, desc, eq, gte, lt, lte, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { ApiError } from '../../core/http/errors.js';
import { pageOf, whereOf } from '../../core/http/list-sql.js';
import type { Broker } from './broker.js';
import type { BrokerObserver, Connection } from './connection.js';
import { usernameOf } from './live.js';
import { insertBatch, type LogEntry } from './log-batch.js';
import { mqttLogs } from './schema.js';
import { directionOf } from './topics.js';

const rest = (ms: number) => new Promise<void>((done) => setTimeout(done, ms).unref());

/** Entries written per statement, and what waits before a write is started at once. */
export const BATCH_ROWS = 1000;
const FLUSH_EVERY_MS = 1000;
/**
 * Entries that may wait while the database is slow; beyond it the oldest go. Ten batches: under a
 * flood the queue stays full, and what it holds the collector walks over and over — 50,000 waiting
 * entries cost the broker more in garbage collection than the log's writes.
 */
export const MAX_WAITING = 10_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * The share of the time the log's writes may take: a tenth, so that a flood leaves the broker at
 * least 0.8× of its throughput without the log even on a machine whose cores are taken — the
 * writes, the entries and their garbage together.
 */
export const WRITE_SHARE = 0.1;
const KEPT_MS = MQTT_SERIES_KEPT_DAYS * 24 * 3_600_000;

const filtersOf = whereOf(MQTT_LOG_FILTERS, {
  client_id: mqttLogs.clientId,
  username: mqttLogs.username,
  topic: mqttLogs.topic,
  ip: mqttLogs.ip,
  kind: mqttLogs.kind,
  event: mqttLogs.event,
  direction: mqttLogs.direction,
  qos: mqttLogs.qos,
});

/** Text PostgreSQL can store: no NUL (a payload's bytes decoded as UTF-8 may hold one). */
const storable = (text: string) => text.replaceAll('\u0000', '\uFFFD');

export interface LogQuery {
  from: string;
  to: string;
  wheres: readonly unknown[];
}

export class MqttLog implements BrokerObserver {
  private waiting: LogEntry[] = [];
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private dropped = 0;
  /** Set on shutdown: what waits is written at once, without resting. */
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly maxRows: number,
    private readonly log: { warn(object: object, message: string): void },
    private readonly now: () => number = () => Date.now(),
    /** The share of the time the writes may take (1: no rest between batches). */
    private readonly share = WRITE_SHARE,
  ) {}

  /** Follows the broker's traffic, unless the log is off (MQTT_LOG_MAX_ROWS=0). */
  follow(broker: Broker) {
    if (this.maxRows > 0) broker.observe(this);
  }

  /**
   * An entry of a log, every column present (null until set): entries of one shape — not spread
   * from a base, which cost 2 µs each, a fifth of the broker's time per message under load.
   */
  private entry(connection: Connection, log: MqttLogKind): LogEntry {
    const { identity } = connection;
    return {
      companyId: identity.companyId,
      log,
      at: this.now(),
      clientId: connection.clientId,
      username: usernameOf(identity),
      kind: identity.kind,
      event: null,
      topic: null,
      qos: null,
      retain: null,
      size: null,
      payload: null,
      direction: null,
      ip: null,
      transport: null,
      reason: null,
    };
  }

  private add(row: LogEntry) {
    this.waiting.push(row);
    // Beyond the messages (refused when the log is full), the oldest go a batch at a time:
    // dropping one per entry moved the whole waiting array each message.
    if (this.waiting.length > MAX_WAITING) {
      this.waiting.splice(0, BATCH_ROWS);
      this.dropped += BATCH_ROWS;
    }
    // A write under way takes what comes meanwhile (its loop runs until nothing waits): starting
    // another per entry chained a promise per message, which cost the broker 70 % of its throughput.
    if (this.writing) return;
    if (this.waiting.length >= BATCH_ROWS) void this.flush();
    else this.flushSoon();
  }

  private flushSoon() {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  published(connection: Connection, packet: AedesPublishPacket) {
    // A flood's messages are refused before their entry is made: building entries only to drop
    // them cost the broker as much as writing them.
    if (this.waiting.length >= MAX_WAITING) {
      this.dropped++;
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload ?? '');
    const row = this.entry(connection, 'message');
    row.topic = packet.topic;
    row.qos = packet.qos;
    row.retain = packet.retain;
    row.size = payload.length;
    row.payload = storable(payload.subarray(0, MQTT_LOG_PAYLOAD_BYTES).toString('utf8'));
    row.direction = directionOf(packet.topic);
    this.add(row);
  }

  subscribed(connection: Connection, subscriptions: readonly Subscription[]) {
    for (const subscription of subscriptions) {
      const row = this.entry(connection, 'subscribe');
      row.event = 'subscribe';
      row.topic = subscription.topic;
      row.qos = subscription.qos;
      this.add(row);
    }
  }

  unsubscribed(connection: Connection, topics: readonly string[]) {
    // A clean session's subscriptions end with it (Aedes says so as an unsubscribe): its disconnect
    // entry says that; only an UNSUBSCRIBE the client sent is logged.
    if (connection.client.closed) return;
    for (const topic of topics) {
      const row = this.entry(connection, 'subscribe');
      row.event = 'unsubscribe';
      row.topic = topic;
      this.add(row);
    }
  }

  connected(connection: Connection) {
    this.add(this.state(connection, 'connect', null));
  }

  disconnected(connection: Connection, reason: string) {
    this.add(this.state(connection, 'disconnect', reason));
  }

  private state(connection: Connection, event: 'connect' | 'disconnect', reason: string | null): LogEntry {
    const row = this.entry(connection, connection.identity.kind === 'device' ? 'device_state' : 'user_state');
    row.event = event;
    row.ip = connection.ip;
    row.transport = connection.transport;
    row.reason = reason;
    return row;
  }

  /** On shutdown: writes everything that waits without resting between batches. */
  close(): Promise<void> {
    this.closing = true;
    return this.flush();
  }

  /** Writes what waits, one batch after the other; resolves once it is written. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const previous = this.writing ?? Promise.resolve();
    const next = previous.then(() => this.write());
    this.writing = next;
    void next.finally(() => {
      if (this.writing !== next) return;
      this.writing = undefined;
      // What came while the write was pruning.
      if (this.waiting.length > 0) this.flushSoon();
    });
    return next;
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'mqtt log entries dropped: the database fell behind');
      this.dropped = 0;
    }
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, BATCH_ROWS);
      const started = performance.now();
      try {
        await this.insert(batch);
      } catch (error) {
        this.log.warn({ err: error, rows: batch.length }, 'mqtt log entries not written');
      }
      // At most a flush's interval: a statement slow for waiting on the database (a lock, a prune)
      // took none of the broker's time, and a rest in proportion would leave the log behind.
      if (this.share < 1 && !this.closing)
        await rest(Math.min((performance.now() - started) * (1 / this.share - 1), FLUSH_EVERY_MS));
    }
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = this.now();
      await this.prune().catch((error: unknown) => this.log.warn({ err: error }, 'mqtt log not pruned'));
    }
  }

  /** One statement per batch (log-batch.ts). */
  private async insert(batch: readonly LogEntry[]) {
    await this.db.execute(insertBatch(batch));
  }

  /** Deletes entries older than the days kept, and the oldest beyond `maxRows`. */
  async prune(): Promise<void> {
    await this.db.delete(mqttLogs).where(lt(mqttLogs.at, new Date(this.now() - KEPT_MS)));
    const [last] = await this.db.select({ id: max(mqttLogs.id) }).from(mqttLogs);
    if (last?.id != null)
      await this.db.delete(mqttLogs).where(lte(mqttLogs.id, Number(last.id) - this.maxRows));
  }

  /** The conditions of a query: the company, the log, the time range and the checked filters. */
  private conditions(companyId: number, log: MqttLogKind, query: LogQuery): SQL | undefined {
    const checked = checkWheres(query.wheres, MQTT_LOG_FILTERS);
    if (!checked.ok) throw new ApiError(400, 'invalid_list_query');
    return and(
      eq(mqttLogs.companyId, companyId),
      eq(mqttLogs.log, log),
      gte(mqttLogs.at, new Date(query.from)),
      lte(mqttLogs.at, new Date(query.to)),
      filtersOf(checked.wheres),
    );
  }

  /** A page of a log, newest first, and how many entries match. */
  async page(
    companyId: number,
    log: MqttLogKind,
    query: LogQuery & { page: number; size: number },
  ): Promise<{ items: MqttLogEntry[]; total: number }> {
    const where = this.conditions(companyId, log, query);
    const { items, total } = await pageOf(
      query,
      this.db.select().from(mqttLogs).where(where).orderBy(desc(mqttLogs.at), desc(mqttLogs.id)),
      this.db.select({ total: count() }).from(mqttLogs).where(where),
    );
    return { items: items.map(entryOf), total };
  }

  /** Every entry of a query, newest first; refused beyond MQTT_LOG_EXPORT_MAX_ROWS (spec §8). */
  async exportRows(companyId: number, log: MqttLogKind, query: LogQuery): Promise<MqttLogEntry[]> {
    const where = this.conditions(companyId, log, query);
    const rows = await this.db
      .select()
      .from(mqttLogs)
      .where(where)
      .orderBy(desc(mqttLogs.at), desc(mqttLogs.id))
      .limit(MQTT_LOG_EXPORT_MAX_ROWS + 1);
    if (rows.length > MQTT_LOG_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(entryOf);
  }
}

function entryOf(row: typeof mqttLogs.$inferSelect): MqttLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    client_id: row.clientId,
    username: row.username,
    kind: row.kind as MqttLogEntry['kind'],
    event: row.event as MqttLogEntry['event'],
    topic: row.topic,
    qos: row.qos,
    retain: row.retain,
    size: row.size,
    payload: row.payload,
    direction: row.direction as MqttLogEntry['direction'],
    ip: row.ip,
    transport: row.transport as MqttLogEntry['transport'],
    reason: row.reason,
  };
}
