/** The four logs of the `mqtt_log` page (spec §7.3 POST mqtt_log/…): a page at a time, or as .xlsx. */
import { MQTT_LOG_CALLS, MQTT_LOG_KINDS, type MqttLogEntry, type MqttLogKind } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { negotiateLanguage, translate } from '../../core/http/i18n.js';
import { sendXlsxColumns } from '../../core/http/xlsx-download.js';
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

export async function mqttLogRoutes(app: FastifyInstance, { db, log }: { db: Db; log: MqttLog }) {
  for (const kind of MQTT_LOG_KINDS) {
    const calls = MQTT_LOG_CALLS[kind];
    await serve(app, calls.page, async (request) =>
      log.page(await companyOfCaller(request, db), kind, request.body),
    );
    await serve(app, calls.export, async (request, reply) => {
      const rows = await log.exportRows(await companyOfCaller(request, db), kind, request.body);
      const word = wordsOf(request);
      return sendXlsxColumns(reply, `mqtt-${kind.replace('_', '-')}-log`, COLUMNS[kind], word, rows, word);
    });
  }
}
