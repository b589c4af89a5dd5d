/**
 * The broker's counts over time (GET clients/time_serial, subscriptions/time_serial,
 * publishes/time_serial): each node counts each company's messages in and out as they pass, and at
 * every minute's end writes one row per company with traffic or connections — the minute's
 * messages, the connects it refused that named the company's devices or keys (wrong secrets and
 * signatures, and those refused after too many: issue 28), and the connections and subscriptions
 * it holds then. A series sums a minute's nodes; a point of a longer step is the highest count of
 * its minutes and the sum of their messages and refusals.
 * Rows older than MQTT_SERIES_KEPT_DAYS are deleted as minutes are written.
 */
import { MQTT_SERIES_KEPT_DAYS, type MqttSeriesQuery } from '@vap/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import type { Broker } from './broker.js';
import {
  type BrokerObserver,
  type Connection,
  type RefusedConnect,
  subscriptionsOfClient,
} from './connection.js';
import { mqttStats } from './schema.js';

const MINUTE_MS = 60_000;
const KEPT_MS = MQTT_SERIES_KEPT_DAYS * 24 * 60 * MINUTE_MS;

const minuteOf = (at: number) => at - (at % MINUTE_MS);

interface Traffic {
  in: number;
  out: number;
  refused: number;
}

export interface SeriesPoint {
  t: number;
  device: number;
  user: number;
  subscriptions: number;
  in: number;
  out: number;
  refused: number;
}

export class BrokerStats implements BrokerObserver {
  /** Messages of the minute under way, by company. */
  private traffic = new Map<number, Traffic>();
  /**
   * The start of the minute being counted. A minute is filed under it, not under the time its
   * timer ran: a timer firing a few milliseconds late filed a minute under the next one, which
   * then read 0 (or, after a restart, twice its clients).
   */
  private measuring: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly broker: Broker,
    private readonly log: { warn(object: object, message: string): void },
    private readonly now: () => number = () => Date.now(),
  ) {
    this.measuring = minuteOf(now());
    broker.observe(this);
  }

  private of(companyId: number): Traffic {
    let traffic = this.traffic.get(companyId);
    if (!traffic) {
      traffic = { in: 0, out: 0, refused: 0 };
      this.traffic.set(companyId, traffic);
    }
    return traffic;
  }

  published(connection: Connection) {
    this.of(connection.identity.companyId).in++;
  }

  delivered(connection: Connection) {
    this.of(connection.identity.companyId).out++;
  }

  refused(attempt: RefusedConnect) {
    if (attempt.companyId !== null) this.of(attempt.companyId).refused++;
  }

  /** Writes a minute at each minute's end, from now on. */
  start() {
    const schedule = () => {
      const wait = MINUTE_MS - (this.now() % MINUTE_MS);
      this.timer = setTimeout(() => {
        this.flush().catch((error: unknown) => this.log.warn({ err: error }, 'mqtt stats not written'));
        schedule();
      }, wait);
      this.timer.unref();
    };
    schedule();
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
  }

  /**
   * Writes the minute being counted (or the one `at` falls in, for tests), the connections as they
   * are now, and starts counting the minute the clock is in.
   */
  async flush(at?: number): Promise<void> {
    const minute = new Date(at === undefined ? this.measuring : minuteOf(at));
    this.measuring = minuteOf(this.now());
    const traffic = this.traffic;
    this.traffic = new Map();
    const rows = new Map<number, typeof mqttStats.$inferInsert>();
    const rowOf = (companyId: number) => {
      let row = rows.get(companyId);
      if (!row) {
        row = {
          companyId,
          node: this.broker.nodeId,
          minute,
          deviceClients: 0,
          userClients: 0,
          subscriptions: 0,
          messagesIn: 0,
          messagesOut: 0,
          connectsRefused: 0,
        };
        rows.set(companyId, row);
      }
      return row;
    };
    for (const connection of this.broker.allConnections()) {
      const row = rowOf(connection.identity.companyId);
      if (connection.identity.kind === 'device') row.deviceClients++;
      else row.userClients++;
      row.subscriptions += Object.keys(subscriptionsOfClient(connection.client)).length;
    }
    for (const [companyId, counted] of traffic) {
      const row = rowOf(companyId);
      row.messagesIn += counted.in;
      row.messagesOut += counted.out;
      row.connectsRefused = (row.connectsRefused ?? 0) + counted.refused;
    }
    if (rows.size > 0) {
      await this.db
        .insert(mqttStats)
        .values([...rows.values()])
        .onConflictDoUpdate({
          target: [mqttStats.companyId, mqttStats.minute, mqttStats.node],
          set: {
            deviceClients: sql`excluded.device_clients`,
            userClients: sql`excluded.user_clients`,
            subscriptions: sql`excluded.subscriptions`,
            messagesIn: sql`${mqttStats.messagesIn} + excluded.messages_in`,
            messagesOut: sql`${mqttStats.messagesOut} + excluded.messages_out`,
            connectsRefused: sql`${mqttStats.connectsRefused} + excluded.connects_refused`,
          },
        });
    }
    await this.db.delete(mqttStats).where(lt(mqttStats.minute, new Date(minute.getTime() - KEPT_MS)));
  }

  /** The company's points from `from` to `to`, one per step, zero where nothing was written. */
  async series(companyId: number, query: MqttSeriesQuery): Promise<SeriesPoint[]> {
    const stepMs = query.step * 1000;
    const from = Date.parse(query.from);
    const first = from - (from % stepMs);
    const to = Date.parse(query.to);
    const perMinute = this.db
      .select({
        minute: mqttStats.minute,
        device: sql<number>`sum(${mqttStats.deviceClients})`.as('device'),
        user: sql<number>`sum(${mqttStats.userClients})`.as('user'),
        subscriptions: sql<number>`sum(${mqttStats.subscriptions})`.as('subscriptions'),
        in: sql<number>`sum(${mqttStats.messagesIn})`.as('in'),
        out: sql<number>`sum(${mqttStats.messagesOut})`.as('out'),
        refused: sql<number>`sum(${mqttStats.connectsRefused})`.as('refused'),
      })
      .from(mqttStats)
      .where(
        and(
          eq(mqttStats.companyId, companyId),
          gte(mqttStats.minute, new Date(first)),
          lt(mqttStats.minute, new Date(to)),
        ),
      )
      .groupBy(mqttStats.minute)
      .as('per_minute');
    const bucket = sql<number>`floor(extract(epoch from ${perMinute.minute}) / ${query.step})::bigint * ${query.step}`;
    const rows = await this.db
      .select({
        t: bucket.as('t'),
        device: sql<number>`max(${perMinute.device})::int`,
        user: sql<number>`max(${perMinute.user})::int`,
        subscriptions: sql<number>`max(${perMinute.subscriptions})::int`,
        in: sql<number>`sum(${perMinute.in})::int`,
        out: sql<number>`sum(${perMinute.out})::int`,
        refused: sql<number>`sum(${perMinute.refused})::int`,
      })
      .from(perMinute)
      .groupBy(sql`1`);
    const byStart = new Map(rows.map((row) => [Number(row.t) * 1000, row]));
    const points: SeriesPoint[] = [];
    for (let t = first; t < to; t += stepMs) {
      const row = byStart.get(t);
      points.push({
        t,
        device: Number(row?.device ?? 0),
        user: Number(row?.user ?? 0),
        subscriptions: Number(row?.subscriptions ?? 0),
        in: Number(row?.in ?? 0),
        out: Number(row?.out ?? 0),
        refused: Number(row?.refused ?? 0),
      });
    }
    return points;
  }
}
