/** The calls of the MQTT area (spec §7.3): version, clients, statistics, log, debug tool. */
import type { z } from 'zod';
import { declareCalls } from './calls.js';
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import type { MqttLogKind } from './mqtt.js';
import { MQTT_LOG_EXPORT_PATHS, MQTT_LOG_PATHS, MQTT_PATHS } from './paths-mqtt.js';

const schemas = async () => {
  const [{ xlsxFileSchema }, mqtt, list] = await Promise.all([
    import('./file-answers.js'),
    import('./mqtt.js'),
    import('./list.js'),
  ]);
  // The OpenAPI document names what an export's bytes are.
  return { ...mqtt, ...list, xlsxSchema: xlsxFileSchema };
};
type Schemas = Awaited<ReturnType<typeof schemas>>;

// The list calls of the clients' pages admit any signed-in user and answer 403 to one whose pages
// show none of the clients (their handler reads which kinds each page shows).
const LIVE_LIST_ERRORS = [403] as const;
const dashboard = { page: 'mqtt_dashboard' } as const;

/** POST mqtt_log/{kind}: a page of one log. */
const logPage = <P extends string>(path: P, kind: MqttLogKind) =>
  ({
    method: 'POST',
    path,
    access: { page: 'mqtt_log' },
    summary: `The ${kind.replace('_', ' ')} log of a time range, newest first`,
    description:
      'wheres (a JSON list): client_id, username, topic, ip = or like; kind, event, direction, qos =.',
    schemas: (s: Schemas) => ({
      body: s.mqttLogQuerySchema,
      response: s.listPageSchema(s.mqttLogEntrySchema),
    }),
  }) as const;

/** POST mqtt_log/{kind}/export: the .xlsx of one log's range and filter. */
const logExport = <P extends string>(path: P, kind: MqttLogKind) =>
  ({
    method: 'POST',
    path,
    access: { page: 'mqtt_log', button: 'export' },
    file: true,
    summary: `The ${kind.replace('_', ' ')} log of a time range as .xlsx, refused beyond ${LOG_EXPORT_MAX_ROWS} rows`,
    schemas: (s: Schemas) => ({ body: s.mqttLogExportBodySchema, response: s.xlsxSchema }),
  }) as const;

/** GET …/time_serial: one chart of the dashboard, its counts over a time range by step. */
const seriesOf = <P extends string, R extends z.ZodType>(
  path: P,
  summary: string,
  response: (s: Schemas) => R,
) =>
  ({
    method: 'GET',
    path,
    access: dashboard,
    summary,
    schemas: (s: Schemas) => ({ query: s.mqttSeriesQuerySchema, response: response(s) }),
  }) as const;

export const MQTT_CALLS = declareCalls(schemas, ['mqtt'], {
  version: {
    method: 'GET',
    path: MQTT_PATHS.version,
    access: 'user',
    summary: 'Versions of the MQTT broker serving the company, and the server clock',
    schemas: (s) => ({ response: s.mqttVersionSchema }),
  },
  clients: {
    method: 'GET',
    path: MQTT_PATHS.clients,
    access: 'user',
    errors: LIVE_LIST_ERRORS,
    summary:
      "The company's connected clients (devices on mqtt_device_client, user clients on mqtt_user_client)",
    description:
      'wheres (base64 JSON): client_id, username, ip = or like; kind, transport, protocol_level =; ' +
      'connected_at >=, <=, between. orders: connected_at, client_id, username, ip (default connected_at desc).',
    schemas: (s) => s.listSchemas(s.mqttClientSchema, s.MQTT_CLIENT_FILTERS, s.MQTT_CLIENT_ORDER_KEYS),
  },
  clientCount: {
    method: 'GET',
    path: MQTT_PATHS.clientsCount,
    access: 'user',
    errors: LIVE_LIST_ERRORS,
    summary: 'How many connected clients match the wheres, by kind',
    schemas: (s) => ({ query: s.mqttCountQuerySchema, response: s.mqttClientCountSchema }),
  },
  exportDeviceClients: {
    method: 'GET',
    path: MQTT_PATHS.clientsExport,
    access: { page: 'mqtt_device_client', button: 'export' },
    file: true,
    summary: `The company's connected devices that match as .xlsx, refused beyond ${LOG_EXPORT_MAX_ROWS} rows`,
    description:
      'wheres and orders (base64 JSON) as GET clients takes them; only device clients are exported.',
    schemas: (s) => ({ query: s.exportQuerySchema, response: s.xlsxSchema }),
  },
  // Either page's kick admits the call; the client's kind says which one it needs (the handler).
  kick: {
    method: 'DELETE',
    path: MQTT_PATHS.client.pattern,
    access: {
      anyOf: [
        { page: 'mqtt_device_client', button: 'kick' },
        { page: 'mqtt_user_client', button: 'kick' },
      ],
    },
    audit: 'mqtt.client.kick',
    errors: [404],
    summary: 'Disconnects a client of the company (the kick button of its kind’s page)',
    schemas: (s) => ({ params: s.mqttClientIdParamsSchema, response: null }),
  },
  subscriptions: {
    method: 'GET',
    path: MQTT_PATHS.subscriptions,
    access: 'user',
    errors: LIVE_LIST_ERRORS,
    summary: "The subscriptions of the company's connected clients",
    description:
      'wheres (base64 JSON): client_id, username, topic = or like; kind, qos =. orders: client_id, topic, qos.',
    schemas: (s) =>
      s.listSchemas(s.mqttSubscriptionSchema, s.MQTT_SUBSCRIPTION_FILTERS, s.MQTT_SUBSCRIPTION_ORDER_KEYS),
  },
  subscriptionCount: {
    method: 'GET',
    path: MQTT_PATHS.subscriptionsCount,
    access: 'user',
    errors: LIVE_LIST_ERRORS,
    summary: 'How many subscriptions match the wheres',
    schemas: (s) => ({ query: s.mqttCountQuerySchema, response: s.mqttSubscriptionCountSchema }),
  },
  clientSeries: seriesOf(
    MQTT_PATHS.clientsSeries,
    'Connected device and user clients over time (the highest count of each step), and the connects refused that named the company’s devices or keys (their sum)',
    (s) => s.mqttClientSeriesSchema,
  ),
  subscriptionSeries: seriesOf(
    MQTT_PATHS.subscriptionsSeries,
    'Subscriptions over time (the highest count of each step)',
    (s) => s.mqttSubscriptionSeriesSchema,
  ),
  publishSeries: seriesOf(
    MQTT_PATHS.publishesSeries,
    "Messages the company's clients published (in) and were sent (out), per step",
    (s) => s.mqttPublishSeriesSchema,
  ),
  // What the connection may do then is the page's other buttons, which the broker enforces.
  debugToken: {
    method: 'POST',
    path: MQTT_PATHS.debugToken,
    access: { page: 'mqtt_debug_tool', button: 'connect' },
    errors: [400],
    summary: 'Credentials for the debug tool to connect over WebSocket as the signed-in user',
    schemas: (s) => ({ response: s.mqttDebugTokenSchema }),
  },
  // Read-only, with the access of the time series of page mqtt_dashboard, which shows every kind
  // of client.
  messageLog: logPage(MQTT_LOG_PATHS.message, 'message'),
  subscribeLog: logPage(MQTT_LOG_PATHS.subscribe, 'subscribe'),
  deviceStateLog: logPage(MQTT_LOG_PATHS.device_state, 'device_state'),
  userStateLog: logPage(MQTT_LOG_PATHS.user_state, 'user_state'),
  exportMessageLog: logExport(MQTT_LOG_EXPORT_PATHS.message, 'message'),
  exportSubscribeLog: logExport(MQTT_LOG_EXPORT_PATHS.subscribe, 'subscribe'),
  exportDeviceStateLog: logExport(MQTT_LOG_EXPORT_PATHS.device_state, 'device_state'),
  exportUserStateLog: logExport(MQTT_LOG_EXPORT_PATHS.user_state, 'user_state'),
});

/** Each log's two calls in MQTT_CALLS, by its kind (as MQTT_LOG_PATHS names them). */
export const MQTT_LOG_CALLS = {
  message: { page: MQTT_CALLS.messageLog, export: MQTT_CALLS.exportMessageLog },
  subscribe: { page: MQTT_CALLS.subscribeLog, export: MQTT_CALLS.exportSubscribeLog },
  device_state: { page: MQTT_CALLS.deviceStateLog, export: MQTT_CALLS.exportDeviceStateLog },
  user_state: { page: MQTT_CALLS.userStateLog, export: MQTT_CALLS.exportUserStateLog },
} as const satisfies Record<MqttLogKind, unknown>;
