/** The MQTT broker's own tables. */
import { bigserial, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../core/db/schema.js';

/**
 * The broker nodes that are alive: each server's broker writes its heartbeat here every few seconds
 * (nodes.ts). Devices online on a node whose heartbeat stopped are set offline by any other node,
 * or by the next start (devices' presence.ts).
 */
export const mqttNodes = pgTable('mqtt_nodes', {
  /** Random per server process. */
  id: text('id').primaryKey(),
  startedAt: timestamptz('started_at').notNull(),
  heartbeatAt: timestamptz('heartbeat_at').notNull(),
});

/**
 * The broker's counts per company, node and minute (stats.ts): connected device and user clients
 * and subscriptions as sampled at the minute's end, messages in and out and connects refused that
 * named the company's devices or keys during it. Kept
 * MQTT_SERIES_KEPT_DAYS; the time series sum the nodes of a minute.
 */
export const mqttStats = pgTable(
  'mqtt_stats',
  {
    companyId: integer('company_id').notNull(),
    node: text('node').notNull(),
    /** The minute's start. */
    minute: timestamptz('minute').notNull(),
    deviceClients: integer('device_clients').notNull(),
    userClients: integer('user_clients').notNull(),
    subscriptions: integer('subscriptions').notNull(),
    messagesIn: integer('messages_in').notNull(),
    messagesOut: integer('messages_out').notNull(),
    connectsRefused: integer('connects_refused').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.minute, table.node] }),
    index('mqtt_stats_minute').on(table.minute),
  ],
);

/**
 * The broker's log (log.ts): messages, subscriptions, device and user client states, per company.
 * Written in batches; kept MQTT_SERIES_KEPT_DAYS and at most MQTT_LOG_MAX_ROWS rows.
 */
export const mqttLogs = pgTable(
  'mqtt_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    /** message, subscribe, device_state, user_state. */
    log: text('log').notNull(),
    at: timestamptz('at').notNull(),
    clientId: text('client_id').notNull(),
    username: text('username').notNull(),
    /** device or user. */
    kind: text('kind').notNull(),
    event: text('event'),
    topic: text('topic'),
    qos: integer('qos'),
    retain: boolean('retain'),
    size: integer('size'),
    payload: text('payload'),
    direction: text('direction'),
    ip: text('ip'),
    transport: text('transport'),
    reason: text('reason'),
  },
  (table) => [index('mqtt_logs_company_log_at').on(table.companyId, table.log, table.at)],
);
