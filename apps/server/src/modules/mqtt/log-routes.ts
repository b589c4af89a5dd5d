/** The four logs of the `mqtt_log` page (spec §7.3 POST mqtt_log/…): a page at a time, or as .xlsx. */
import {
  apiErrorSchema,
  listPageSchema,
  MQTT_LOG_EXPORT_MAX_ROWS,
  MQTT_LOG_EXPORT_PATHS,
  MQTT_LOG_KINDS,
  MQTT_LOG_PATHS,
  type MqttLogEntry,
  type MqttLogKind,
  mqttLogEntrySchema,
  mqttLogExportBodySchema,
  mqttLogQuerySchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { negotiateLanguage, translate } from '../../core/http/i18n.js';
import { sendXlsx } from '../../core/http/xlsx-download.js';
import type { MqttLog } from './log.js';

type Word = (key: string) => string;
type Column = [string, (entry: MqttLogEntry, word: Word) => string | number | null];

const at: Column = ['at', (entry) => entry.at];
const client: Column[] = [
  ['client_id', (entry) => entry.client_id],
  ['username', (entry) => entry.username],
];
const event: Column = ['event', (entry, word) => (entry.event ? word(`event_${entry.event}`) : null)];

/** The columns of each log's export. */
const COLUMNS: Record<MqttLogKind, Column[]> = {
  message: [
    at,
    ...client,
    ['topic', (entry) => entry.topic],
    ['qos', (entry) => entry.qos],
    ['retain', (entry, word) => (entry.retain === null ? null : word(entry.retain ? 'yes' : 'no'))],
    ['size', (entry) => entry.size],
    ['direction', (entry, word) => (entry.direction ? word(`direction_${entry.direction}`) : null)],
    ['payload', (entry) => entry.payload],
  ],
  subscribe: [at, ...client, event, ['topic', (entry) => entry.topic], ['qos', (entry) => entry.qos]],
  device_state: [
    at,
    ...client,
    event,
    ['ip', (entry) => entry.ip],
    ['transport', (entry) => entry.transport],
    ['reason', (entry) => entry.reason],
  ],
  user_state: [],
};
COLUMNS.user_state = COLUMNS.device_state;

const wordsOf = (request: FastifyRequest): Word => {
  const language = negotiateLanguage(request.headers['accept-language']);
  return (key) => translate(language, `mqttLogExport.${key}`);
};

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const mqttLogRoutes: FastifyPluginAsyncZod<{ db: Db; log: MqttLog }> = async (app, { db, log }) => {
  for (const kind of MQTT_LOG_KINDS) {
    app.post(
      MQTT_LOG_PATHS[kind],
      {
        config: { access: { page: 'mqtt_log' } },
        schema: {
          tags: ['mqtt'],
          summary: `The ${kind.replace('_', ' ')} log of a time range, newest first`,
          description:
            'wheres (a JSON list): client_id, username, topic, ip = or like; kind, event, direction, qos =.',
          security,
          body: mqttLogQuerySchema,
          response: { 200: listPageSchema(mqttLogEntrySchema), ...refusals },
        },
      },
      async (request) => log.page(companyOf(await permissionsOf(request, db)), kind, request.body),
    );
    app.post(
      MQTT_LOG_EXPORT_PATHS[kind],
      {
        config: { access: { page: 'mqtt_log', button: 'export' } },
        schema: {
          tags: ['mqtt'],
          summary: `The ${kind.replace('_', ' ')} log of a time range as .xlsx, refused beyond ${MQTT_LOG_EXPORT_MAX_ROWS} rows`,
          security,
          body: mqttLogExportBodySchema,
          response: { 200: z.unknown().describe('.xlsx'), ...refusals },
        },
      },
      async (request, reply) => {
        const rows = await log.exportRows(companyOf(await permissionsOf(request, db)), kind, request.body);
        const word = wordsOf(request);
        const columns = COLUMNS[kind];
        async function* each() {
          yield* rows;
        }
        return sendXlsx(
          reply,
          `mqtt-${kind.replace('_', '-')}-log`,
          columns.map(([key]) => word(key)),
          each(),
          (entry) => columns.map(([, value]) => value(entry, word)),
        );
      },
    );
  }
};
