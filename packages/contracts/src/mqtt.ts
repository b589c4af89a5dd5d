/**
 * The message broker's calls (spec §7.3, prefix /v1/mtx/company; issue 15): its version, the live
 * clients and subscriptions of the caller's company, their counts over time, the debug tool's
 * credentials, and the four logs. Everything answers the caller's company only.
 */
import { z } from 'zod';
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import { type FilterSpec, filterTextSchema, instantSchema, listQuerySchema, whereSchema } from './list.js';
import { MQTT_LOG_EXPORT_PATHS, MQTT_LOG_PATHS } from './paths-mqtt.js';

// The version's schema has a module of its own: every session parses it (the kernel's session
// load), and with it here every page would load all the broker's schemas (issue 30 §5).
export { type MqttVersion, mqttVersionSchema } from './mqtt-version.js';

// ---- topics ----------------------------------------------------------------------------------

/** The root of the device topics: `vap/dev/{serial}/up/…` (device → platform), `…/down/…` (→ device). */
export const MQTT_TOPIC_ROOT = 'vap/dev';
/** Longest topic (or filter) the console accepts; MQTT allows 65535 bytes, nobody needs that. */
export const MQTT_TOPIC_MAX_LENGTH = 512;

// ---- user clients' credentials ------------------------------------------------------------------

/** What an access key's connection signs, first line of its string to sign. */
export const MQTT_CONNECT_SIGNATURE_ALGORITHM = 'VAP-MQTT-HMAC-SHA256';

/**
 * The string an access key signs to connect (docs/mqtt.md): the algorithm, the key id, the client
 * id, the timestamp (Unix seconds, within SIGNATURE_MAX_SKEW_SECONDS of the server clock) and a
 * nonce (16 to 64 of `A-Z a-z 0-9 _ -`, never used twice), joined with `\n`. The signature is the
 * lower-case hex HMAC-SHA256 of it keyed with the key's secret, as for open-API requests.
 */
export const mqttConnectStringToSign = (parts: {
  keyId: string;
  clientId: string;
  timestamp: string;
  nonce: string;
}) =>
  [MQTT_CONNECT_SIGNATURE_ALGORITHM, parts.keyId, parts.clientId, parts.timestamp, parts.nonce].join('\n');

/** An access key's MQTT password: `{timestamp}.{nonce}.{signature}` (username: the key id). */
export const mqttKeyPassword = (timestamp: string, nonce: string, signature: string) =>
  `${timestamp}.${nonce}.${signature}`;

/** The username the debug tool connects with; its password is the token (POST debug_token). */
export const MQTT_DEBUG_USERNAME_PREFIX = 'debug:';

// ---- clients ---------------------------------------------------------------------------------

/**
 * Who a connection is: a device (its serial and factory secret), or a user client — an access key
 * signing its connection, or the console's debug tool with a token it was issued.
 */
export const MQTT_CLIENT_KINDS = ['device', 'user'] as const;
export type MqttClientKind = (typeof MQTT_CLIENT_KINDS)[number];
export const MQTT_USER_AUTHS = ['access_key', 'debug_token'] as const;
/** How the connection reached the broker. */
export const MQTT_TRANSPORTS = ['tcp', 'tls', 'ws'] as const;
export type MqttTransport = (typeof MQTT_TRANSPORTS)[number];
/** MQTT protocol levels: 3 is MQTT 3.1, 4 is MQTT 3.1.1, 5 is MQTT 5.0. */
export const MQTT_PROTOCOL_LEVELS = [3, 4, 5] as const;

/** One connected client (GET clients). */
export const mqttClientSchema = z.object({
  client_id: z.string(),
  username: z.string(),
  kind: z.enum(MQTT_CLIENT_KINDS),
  /** A user client's credential: an access key, or the debug tool's token; null for a device. */
  auth: z.enum(MQTT_USER_AUTHS).nullable(),
  /** The device's id in the device list (a device client), else null. */
  device_id: z.number().int().nullable(),
  /** The signed-in user the debug tool was issued to, else null. */
  user_id: z.number().int().nullable(),
  ip: z.string(),
  transport: z.enum(MQTT_TRANSPORTS),
  protocol_level: z.number().int(),
  /** Seconds, as the client asked at connect. */
  keepalive: z.number().int(),
  clean_start: z.boolean(),
  /** ISO 8601. */
  connected_at: z.string(),
  subscriptions: z.number().int().nonnegative(),
  /** Messages the client published, and messages delivered to it, since it connected. */
  messages_in: z.number().int().nonnegative(),
  messages_out: z.number().int().nonnegative(),
  /** The broker node holding the connection. */
  node: z.string(),
});
export type MqttClient = z.infer<typeof mqttClientSchema>;

/** A text filter: the whole value (`=`) or a part of it (`like`). */
const wholeOrPart = <T extends z.ZodType>(text: T) => ({ '=': text, like: text }) as const;

const clientFilter = wholeOrPart(filterTextSchema(256));
export const MQTT_CLIENT_FILTERS = {
  client_id: clientFilter,
  username: clientFilter,
  ip: clientFilter,
  kind: { '=': z.enum(MQTT_CLIENT_KINDS) },
  transport: { '=': z.enum(MQTT_TRANSPORTS) },
  protocol_level: { '=': z.number().int().min(3).max(5) },
  connected_at: {
    '>=': instantSchema,
    '<=': instantSchema,
    between: z.tuple([instantSchema, instantSchema]),
  },
} as const satisfies FilterSpec;
export const MQTT_CLIENT_ORDER_KEYS = ['connected_at', 'client_id', 'username', 'ip'] as const;

/** GET clients: the list query of spec §3 (wheres over MQTT_CLIENT_FILTERS). */
export const mqttClientsQuerySchema = listQuerySchema;

/** GET clients/count (same wheres as the list): how many match, by kind. */
export const mqttClientCountSchema = z.object({
  count: z.number().int().nonnegative(),
  device: z.number().int().nonnegative(),
  user: z.number().int().nonnegative(),
});
export type MqttClientCount = z.infer<typeof mqttClientCountSchema>;
export const mqttCountQuerySchema = listQuerySchema.pick({ wheres: true });

/**
 * Device clients an export answers at most (spec §5.7, §8: beyond, 400 `log_export_too_many_rows`,
 * the filters then to be narrowed).
 */
export const MQTT_CLIENT_EXPORT_MAX_ROWS = LOG_EXPORT_MAX_ROWS;

/** DELETE clients/{id}: the client id, as the list shows it. */
export const mqttClientIdParamsSchema = z.object({ id: z.string().min(1).max(256) });

// ---- subscriptions ---------------------------------------------------------------------------

/** An MQTT quality of service: 0, 1 or 2. */
const qosSchema = z.number().int().min(0).max(2);

/** One subscription of a connected client (GET subscriptions). */
export const mqttSubscriptionSchema = z.object({
  client_id: z.string(),
  username: z.string(),
  kind: z.enum(MQTT_CLIENT_KINDS),
  topic: z.string(),
  qos: qosSchema,
  node: z.string(),
});
export type MqttSubscription = z.infer<typeof mqttSubscriptionSchema>;

export const MQTT_SUBSCRIPTION_FILTERS = {
  client_id: clientFilter,
  username: clientFilter,
  topic: wholeOrPart(filterTextSchema(MQTT_TOPIC_MAX_LENGTH)),
  kind: { '=': z.enum(MQTT_CLIENT_KINDS) },
  qos: { '=': qosSchema },
} as const satisfies FilterSpec;
export const MQTT_SUBSCRIPTION_ORDER_KEYS = ['client_id', 'topic', 'qos'] as const;

export const mqttSubscriptionCountSchema = z.object({ count: z.number().int().nonnegative() });

// ---- time series -----------------------------------------------------------------------------

/** Steps a time series may be asked in, in seconds: a minute up to a day. */
export const MQTT_SERIES_STEPS = [60, 300, 900, 3600, 86_400] as const;
/** How far back the series are kept (issue 15: seven days). */
export const MQTT_SERIES_KEPT_DAYS = 7;
/** Most points one answer holds. */
export const MQTT_SERIES_MAX_POINTS = 2016;

/**
 * GET clients/time_serial, subscriptions/time_serial, publishes/time_serial: `from` to `to` in
 * `step` seconds. A point covers [t, t + step): a count of connections or subscriptions is the
 * highest sampled in it, a count of messages their sum.
 */
export const mqttSeriesQuerySchema = z
  .object({
    from: instantSchema,
    to: instantSchema,
    step: z.coerce
      .number()
      .int()
      .refine((step) => (MQTT_SERIES_STEPS as readonly number[]).includes(step)),
  })
  .refine(({ from, to }) => Date.parse(from) < Date.parse(to), { path: ['to'] })
  .refine(
    ({ from, to, step }) => (Date.parse(to) - Date.parse(from)) / 1000 / step <= MQTT_SERIES_MAX_POINTS,
    {
      path: ['step'],
    },
  );
export type MqttSeriesQuery = z.infer<typeof mqttSeriesQuerySchema>;

/**
 * `t`: the point's start in ms. Every step of the range has its point, zero when nothing happened.
 * `refused`: connects refused in the step that named the company's devices or access keys — a wrong
 * secret or signature, or any attempt once too many had failed (issue 28).
 */
export const mqttClientSeriesSchema = z.object({
  items: z.array(
    z.object({
      t: z.number(),
      device: z.number().int(),
      user: z.number().int(),
      refused: z.number().int(),
    }),
  ),
});
export const mqttSubscriptionSeriesSchema = z.object({
  items: z.array(z.object({ t: z.number(), count: z.number().int() })),
});
/** `in`: messages the company's clients published; `out`: messages delivered to them. */
export const mqttPublishSeriesSchema = z.object({
  items: z.array(z.object({ t: z.number(), in: z.number().int(), out: z.number().int() })),
});
export type MqttClientSeries = z.infer<typeof mqttClientSeriesSchema>;
export type MqttSubscriptionSeries = z.infer<typeof mqttSubscriptionSeriesSchema>;
export type MqttPublishSeries = z.infer<typeof mqttPublishSeriesSchema>;

// ---- the debug tool's credentials -------------------------------------------------------------

/** How long a debug token may be used to connect; the connection then lasts as the session does. */
export const MQTT_DEBUG_TOKEN_TTL_SECONDS = 600;

/**
 * POST debug_token: credentials for the `mqtt_debug_tool` page to connect over WebSocket as the
 * signed-in user, limited to their role's device groups. The connection is closed when the
 * session ends.
 */
export const mqttDebugTokenSchema = z.object({
  /** The WebSocket endpoint's path on this server (`/mqtt`). */
  path: z.string(),
  client_id: z.string(),
  username: z.string(),
  password: z.string(),
  /** ISO 8601: connect before this. */
  expires_at: z.string(),
});
export type MqttDebugToken = z.infer<typeof mqttDebugTokenSchema>;

// ---- logs ------------------------------------------------------------------------------------

/** The four logs (POST mqtt_log/{kind}). */
export const MQTT_LOG_KINDS = ['message', 'subscribe', 'device_state', 'user_state'] as const;
export type MqttLogKind = (typeof MQTT_LOG_KINDS)[number];
// The path tables (zod-free, in api-paths.ts) name exactly these kinds.
MQTT_LOG_PATHS satisfies Record<MqttLogKind, string>;
MQTT_LOG_EXPORT_PATHS satisfies Record<MqttLogKind, string>;
/** A device state or user state entry's event; a subscribe entry's. */
export const MQTT_LOG_EVENTS = ['connect', 'disconnect', 'subscribe', 'unsubscribe'] as const;
/** A message's direction: `up` from a device, `down` to one. */
export const MQTT_DIRECTIONS = ['up', 'down'] as const;
/** Longest time range a log query spans: what is kept. */
const LOG_RANGE_MAX_MS = MQTT_SERIES_KEPT_DAYS * 24 * 3_600_000;
/** Bytes of a message's payload the log keeps. */
export const MQTT_LOG_PAYLOAD_BYTES = 1024;
/** Rows an export answers at most (spec §5.7, §8 "Log export at most 5000 rows"). */
export const MQTT_LOG_EXPORT_MAX_ROWS = LOG_EXPORT_MAX_ROWS;

/** One log entry; the fields a kind does not have are null. */
export const mqttLogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  client_id: z.string(),
  username: z.string(),
  kind: z.enum(MQTT_CLIENT_KINDS),
  /** subscribe: subscribe or unsubscribe; device_state, user_state: connect or disconnect. */
  event: z.enum(MQTT_LOG_EVENTS).nullable(),
  /** message and subscribe. */
  topic: z.string().nullable(),
  qos: z.number().int().nullable(),
  retain: z.boolean().nullable(),
  /** message: the payload's size in bytes, and its first MQTT_LOG_PAYLOAD_BYTES as text (UTF-8, lossy). */
  size: z.number().int().nullable(),
  payload: z.string().nullable(),
  /** message: `up` from a device, `down` to one (the topic's direction). */
  direction: z.enum(MQTT_DIRECTIONS).nullable(),
  /** state: the client's address and transport; a disconnect's reason. */
  ip: z.string().nullable(),
  transport: z.enum(MQTT_TRANSPORTS).nullable(),
  reason: z.string().nullable(),
});
export type MqttLogEntry = z.infer<typeof mqttLogEntrySchema>;

const logFilter = wholeOrPart(filterTextSchema(MQTT_TOPIC_MAX_LENGTH));
export const MQTT_LOG_FILTERS = {
  client_id: logFilter,
  username: logFilter,
  topic: logFilter,
  ip: logFilter,
  kind: { '=': z.enum(MQTT_CLIENT_KINDS) },
  event: { '=': z.enum(MQTT_LOG_EVENTS) },
  direction: { '=': z.enum(MQTT_DIRECTIONS) },
  qos: { '=': qosSchema },
} as const satisfies FilterSpec;

/**
 * POST mqtt_log/{kind}: a time range (at most MQTT_SERIES_KEPT_DAYS long) with filters, newest
 * first, a page at a time. The same body without page and size asks mqtt_log/{kind}/export for
 * the .xlsx, refused beyond MQTT_LOG_EXPORT_MAX_ROWS rows (`log_export_too_many_rows`).
 */
export const mqttLogQuerySchema = z
  .object({
    from: instantSchema,
    to: instantSchema,
    wheres: z.array(whereSchema).max(16).default([]),
    page: listQuerySchema.shape.page,
    size: listQuerySchema.shape.size,
  })
  .refine(({ from, to }) => Date.parse(from) <= Date.parse(to), { path: ['to'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= LOG_RANGE_MAX_MS, { path: ['from'] });
export type MqttLogQuery = z.input<typeof mqttLogQuerySchema>;
export const mqttLogExportBodySchema = z
  .object({
    from: instantSchema,
    to: instantSchema,
    wheres: z.array(whereSchema).max(16).default([]),
  })
  .refine(({ from, to }) => Date.parse(from) <= Date.parse(to), { path: ['to'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= LOG_RANGE_MAX_MS, { path: ['from'] });
export type MqttLogExportBody = z.input<typeof mqttLogExportBodySchema>;
