/**
 * The live clients and subscriptions of a company (GET clients, subscriptions and their counts):
 * read from the broker's connections, not from a table, then filtered, sorted and paged here with
 * the same `{k, o, v}` filters a table list takes (MQTT_CLIENT_FILTERS, MQTT_SUBSCRIPTION_FILTERS).
 */
import {
  type ListPage,
  type ListQuery,
  MQTT_DEBUG_USERNAME_PREFIX,
  type MqttClient,
  type MqttSubscription,
  type Order,
  type Where,
} from '@vap/contracts';
import { type Connection, type Identity, subscriptionsOfClient } from './connection.js';

/** The user name a client connected with: a device's serial, a key's id, the debug tool's `debug:{user}`. */
export const usernameOf = (identity: Identity): string =>
  identity.kind === 'device'
    ? identity.device.sn
    : (identity.keyId ?? `${MQTT_DEBUG_USERNAME_PREFIX}${identity.userId}`);

export function clientOf(connection: Connection, node: string): MqttClient {
  const { identity, client } = connection;
  return {
    client_id: connection.clientId,
    username: usernameOf(identity),
    kind: identity.kind,
    auth: identity.kind === 'device' ? null : identity.auth,
    device_id: identity.kind === 'device' ? identity.device.id : null,
    user_id: identity.kind === 'user' ? identity.userId : null,
    ip: connection.ip,
    transport: connection.transport,
    protocol_level: connection.protocolLevel,
    keepalive: connection.keepalive,
    clean_start: connection.clean,
    connected_at: connection.connectedAt.toISOString(),
    subscriptions: Object.keys(subscriptionsOfClient(client)).length,
    messages_in: connection.messagesIn,
    messages_out: connection.messagesOut,
    node,
  };
}

export function subscriptionsOf(connection: Connection, node: string): MqttSubscription[] {
  const client = clientOf(connection, node);
  return Object.entries(subscriptionsOfClient(connection.client)).map(([topic, subscription]) => ({
    client_id: client.client_id,
    username: client.username,
    kind: client.kind,
    topic,
    qos: subscription.qos,
    node,
  }));
}

const compare = (left: unknown, right: unknown): number => {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right));
};

/** An instant of a filter against an ISO field: compared as times. */
const timeOf = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

function holds(value: unknown, where: Where): boolean {
  const { o, v } = where;
  switch (o) {
    case '=':
      return value === v;
    case '!=':
      return value !== v;
    case 'like':
      return String(value).toLowerCase().includes(String(v).toLowerCase());
    case 'in':
      return Array.isArray(v) && v.includes(value);
    case '>=':
      return timeOf(value) >= timeOf(v);
    case '<=':
      return timeOf(value) <= timeOf(v);
    case '>':
      return timeOf(value) > timeOf(v);
    case '<':
      return timeOf(value) < timeOf(v);
    case 'between': {
      const [from, to] = v as [string, string];
      return timeOf(value) >= timeOf(from) && timeOf(value) <= timeOf(to);
    }
  }
}

/** The rows that meet every filter (the filters were checked against the list's spec). */
export function filtered<T extends object>(rows: readonly T[], wheres: readonly Where[]): T[] {
  return rows.filter((row) =>
    wheres.every((where) => holds((row as Record<string, unknown>)[where.k], where)),
  );
}

/** One page of rows in the asked order (then `fallback`, so that pages never overlap). */
export function paged<T extends object>(
  rows: readonly T[],
  orders: readonly Order[],
  fallback: readonly Order[],
  page: number,
  size: number,
): T[] {
  const keys = [...orders, ...fallback];
  const sorted = [...rows].sort((a, b) => {
    for (const { k, o } of keys) {
      const order = compare((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]);
      if (order !== 0) return o === 'asc' ? order : -order;
    }
    return 0;
  });
  return sorted.slice((page - 1) * size, page * size);
}

/** A list query over live rows (decoded and checked against the call's filters and sort keys). */
export function livePage<T extends object>(
  rows: readonly T[],
  { page, size, wheres, orders }: ListQuery,
  fallback: readonly Order[],
): ListPage<T> {
  const matching = filtered(rows, wheres);
  return { items: paged(matching, orders, fallback, page, size), total: matching.length };
}
