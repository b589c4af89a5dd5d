/**
 * The export of page mqtt_device_client (its `export` button; issue 29): the company's connected
 * devices that match the list's filters, in the list's order, as .xlsx — with the list's own
 * headers and values, read from the mqtt plugin's words (core/http/plugin-words.ts), so that the
 * file says what the page says. Refused beyond MQTT_CLIENT_EXPORT_MAX_ROWS (spec §8): the filters
 * are then to be narrowed.
 */
import {
  MQTT_CALLS,
  MQTT_CLIENT_EXPORT_MAX_ROWS,
  MQTT_CLIENT_FILTERS,
  MQTT_CLIENT_ORDER_KEYS,
  type MqttClient,
} from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import en from '../../../../../plugins/mqtt/src/locales/en.json' with { type: 'json' };
import zhCN from '../../../../../plugins/mqtt/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../../plugins/mqtt/src/locales/zh-TW.json' with { type: 'json' };
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { type PluginMessages, type PluginWord, pluginWords } from '../../core/http/plugin-words.js';
import { dateCell, sendXlsxColumns, type XlsxCell } from '../../core/http/xlsx-download.js';
import type { Broker } from './broker.js';
import { filtered, paged } from './live.js';

/** The words of the MQTT pages (plugins/mqtt). */
export const MQTT_PAGE_MESSAGES: PluginMessages = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

type Column = readonly [string, (client: MqttClient, word: PluginWord) => XlsxCell];

/** MQTT's name of a protocol level, as the list shows it (plugins/mqtt common/labels.ts). */
const protocolOf = (level: number, word: PluginWord) =>
  level === 3 || level === 4 || level === 5 ? word(`protocol.v${level}`) : word('protocol.other', { level });

/** The device clients list's columns (plugins/mqtt clients/client-columns.tsx), hidden ones too. */
export const CLIENT_EXPORT_COLUMNS: ReadonlyArray<Column> = [
  ['client.clientId', (c) => c.client_id],
  ['client.username', (c) => c.username],
  ['client.ip', (c) => c.ip],
  ['client.transport', (c, word) => word(`transport.${c.transport}`)],
  ['client.protocol', (c, word) => protocolOf(c.protocol_level, word)],
  ['client.connectedAt', (c) => dateCell(c.connected_at)],
  ['client.subscriptions', (c) => c.subscriptions],
  ['client.messagesIn', (c) => c.messages_in],
  ['client.messagesOut', (c) => c.messages_out],
  ['client.keepalive', (c) => c.keepalive],
  ['client.node', (c) => c.node],
];

/** The list's own order after the asked one (GET clients), so that the file reads as the pages. */
const FALLBACK = [
  { k: 'connected_at', o: 'desc' },
  { k: 'client_id', o: 'asc' },
] as const;

export async function mqttClientExportRoutes(
  app: FastifyInstance,
  { db, broker }: { db: Db; broker: Broker },
) {
  await serve(app, MQTT_CALLS.exportDeviceClients, async (request, reply) => {
    const companyId = await companyOfCaller(request, db);
    const wheres = listFilters(request.query.wheres, MQTT_CLIENT_FILTERS);
    const orders = listOrders(request.query.orders, MQTT_CLIENT_ORDER_KEYS);
    // On every node of the cluster, as the list.
    const devices = (await broker.cluster.clients(companyId))
      .map((entry) => entry.client)
      .filter((client) => client.kind === 'device');
    const matching = filtered(devices, wheres);
    // Spec §8: refused, not cut — a file that silently lacks clients reads as all of them.
    if (matching.length > MQTT_CLIENT_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    const rows = paged(matching, orders, FALLBACK, 1, Math.max(matching.length, 1));
    const word = pluginWords(MQTT_PAGE_MESSAGES, negotiateLanguage(request.headers['accept-language']));
    return sendXlsxColumns(reply, 'mqtt-device-clients', CLIENT_EXPORT_COLUMNS, word, rows, word);
  });
}
