import { MQTT_VERSION_PATH } from './api-paths.js';
import { pathWithId } from './path-with-id.js';

/** The calls of spec §7.3 (prefix /v1/mtx/company). */
export const MQTT_PATHS = {
  version: MQTT_VERSION_PATH,
  /** GET: a page of the company's connected clients (list query). */
  clients: '/v1/mtx/company/clients',
  /** GET: how many clients match the wheres, by kind. */
  clientsCount: '/v1/mtx/company/clients/count',
  /** GET ?wheres=&orders=: the connected device clients that match, as .xlsx (mqtt_device_client's export). */
  clientsExport: '/v1/mtx/company/clients/export',
  /** GET ?from=&to=&step=: connected device and user clients over time. */
  clientsSeries: '/v1/mtx/company/clients/time_serial',
  /** DELETE: disconnects the client (its id URL-encoded), on whichever node holds it. */
  client: pathWithId('/v1/mtx/company/clients/:id'),
  subscriptions: '/v1/mtx/company/subscriptions',
  subscriptionsCount: '/v1/mtx/company/subscriptions/count',
  subscriptionsSeries: '/v1/mtx/company/subscriptions/time_serial',
  /** GET ?from=&to=&step=: messages in and out over time. */
  publishesSeries: '/v1/mtx/company/publishes/time_serial',
  /** POST: credentials for the debug tool (page mqtt_debug_tool). */
  debugToken: '/v1/mtx/company/debug_token',
  /** GET: the company's clients now and its messages a minute (the dashboard's card). */
  summary: '/v1/mtx/company/summary',
} as const;

/** POST: a page of one log (spec §7.3 mqtt_log/…), and its .xlsx export. */
export const MQTT_LOG_PATHS = {
  message: '/v1/mtx/company/mqtt_log/message',
  subscribe: '/v1/mtx/company/mqtt_log/subscribe',
  device_state: '/v1/mtx/company/mqtt_log/device_state',
  user_state: '/v1/mtx/company/mqtt_log/user_state',
} as const;

export const MQTT_LOG_EXPORT_PATHS = {
  message: '/v1/mtx/company/mqtt_log/message/export',
  subscribe: '/v1/mtx/company/mqtt_log/subscribe/export',
  device_state: '/v1/mtx/company/mqtt_log/device_state/export',
  user_state: '/v1/mtx/company/mqtt_log/user_state/export',
} as const;
