/** The MQTT broker's own tables. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The broker nodes that are alive: each server's broker writes its heartbeat here every few seconds
 * (nodes.ts). Devices online on a node whose heartbeat stopped are set offline by any other node,
 * or by the next start (devices' presence.ts).
 */
export const mqttNodes = pgTable('mqtt_nodes', {
  /** Random per server process. */
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
});
