/**
 * The broker's summary of the dashboard's card (issue 29): the company's clients connected now on
 * every node (the cluster view the client list reads), and its messages a minute over the last
 * MQTT_SUMMARY_MINUTES whole minutes, from the counts each node writes at every minute's end
 * (stats.ts) — the minute under way is not written yet.
 */
import { MQTT_SUMMARY_MINUTES, type MqttSummary } from '@vap/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import type { Broker } from './broker.js';
import { mqttStats } from './schema.js';

const MINUTE_MS = 60_000;

/** Tenths are enough for a rate read at a glance. */
const perMinute = (messages: number) => Math.round((messages / MQTT_SUMMARY_MINUTES) * 10) / 10;

/** Messages in and out a minute over the last whole minutes before `now`. */
export async function messageRate(
  db: Db,
  companyId: number,
  now: number,
): Promise<{ in: number; out: number }> {
  const end = now - (now % MINUTE_MS);
  const [row] = await db
    .select({
      in: sql<string | null>`sum(${mqttStats.messagesIn})`,
      out: sql<string | null>`sum(${mqttStats.messagesOut})`,
    })
    .from(mqttStats)
    .where(
      and(
        eq(mqttStats.companyId, companyId),
        gte(mqttStats.minute, new Date(end - MQTT_SUMMARY_MINUTES * MINUTE_MS)),
        lt(mqttStats.minute, new Date(end)),
      ),
    );
  return { in: perMinute(Number(row?.in ?? 0)), out: perMinute(Number(row?.out ?? 0)) };
}

export async function mqttSummary(
  db: Db,
  broker: Broker,
  companyId: number,
  now = Date.now(),
): Promise<MqttSummary> {
  const [clients, rate] = await Promise.all([
    broker.cluster.clients(companyId),
    messageRate(db, companyId, now),
  ]);
  const devices = clients.filter((entry) => entry.client.kind === 'device').length;
  return {
    device_clients: devices,
    user_clients: clients.length - devices,
    messages_in_per_minute: rate.in,
    messages_out_per_minute: rate.out,
  };
}
