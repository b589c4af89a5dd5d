/**
 * The log's entries as they wait in memory, and the one statement that writes a batch of them
 * (log.ts). An entry's time is a number until the database turns it into a timestamp: a Date and
 * its ISO text per entry were two more objects for the collector per logged message. Each column
 * travels as one array parameter, written here in one pass: numbers and booleans bare, text
 * quoted and escaped only where it holds a quote or a backslash — no intermediate array of
 * strings per column, no new string per number.
 */
import type { MqttLogKind } from '@vap/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { mqttLogs } from './schema.js';

export interface LogEntry {
  companyId: number;
  log: MqttLogKind;
  /** Unix ms. */
  at: number;
  clientId: string;
  username: string;
  kind: string;
  event: string | null;
  topic: string | null;
  qos: number | null;
  retain: boolean | null;
  size: number | null;
  payload: string | null;
  direction: string | null;
  ip: string | null;
  transport: string | null;
  reason: string | null;
}

const NEEDS_ESCAPE = /["\\]/;

/** A PostgreSQL array literal of one column of the batch. */
function column(batch: readonly LogEntry[], pick: (entry: LogEntry) => string | number | boolean | null) {
  let literal = '{';
  for (let index = 0; index < batch.length; index++) {
    if (index > 0) literal += ',';
    const value = pick(batch[index] as LogEntry);
    if (value === null) literal += 'NULL';
    else if (typeof value !== 'string') literal += value;
    else literal += NEEDS_ESCAPE.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : `"${value}"`;
  }
  return `${literal}}`;
}

/** The statement that inserts a batch: 16 parameters, whatever its size. */
export function insertBatch(batch: readonly LogEntry[]): SQL {
  return sql`
    insert into ${mqttLogs} (company_id, log, at, client_id, username, kind, event, topic, qos, retain,
      size, payload, direction, ip, transport, reason)
    select company_id, log, to_timestamp(at / 1000.0), client_id, username, kind, event, topic, qos, retain,
      size, payload, direction, ip, transport, reason
    from unnest(
      ${column(batch, (entry) => entry.companyId)}::int[], ${column(batch, (entry) => entry.log)}::text[],
      ${column(batch, (entry) => entry.at)}::bigint[], ${column(batch, (entry) => entry.clientId)}::text[],
      ${column(batch, (entry) => entry.username)}::text[], ${column(batch, (entry) => entry.kind)}::text[],
      ${column(batch, (entry) => entry.event)}::text[], ${column(batch, (entry) => entry.topic)}::text[],
      ${column(batch, (entry) => entry.qos)}::int[], ${column(batch, (entry) => entry.retain)}::boolean[],
      ${column(batch, (entry) => entry.size)}::int[], ${column(batch, (entry) => entry.payload)}::text[],
      ${column(batch, (entry) => entry.direction)}::text[], ${column(batch, (entry) => entry.ip)}::text[],
      ${column(batch, (entry) => entry.transport)}::text[], ${column(batch, (entry) => entry.reason)}::text[]
    ) as entry(company_id, log, at, client_id, username, kind, event, topic, qos, retain, size, payload,
      direction, ip, transport, reason)`;
}
