/** The broker's calls (MQTT_PATHS, MQTT_LOG_PATHS, MQTT_LOG_EXPORT_PATHS of @vap/contracts), typed by their schemas. */
import {
  type ListPage,
  type ListQuery,
  listPageSchema,
  MQTT_LOG_EXPORT_PATHS,
  MQTT_LOG_PATHS,
  MQTT_PATHS,
  type MqttClient,
  type MqttClientCount,
  type MqttClientSeries,
  type MqttDebugToken,
  type MqttLogEntry,
  type MqttLogExportBody,
  type MqttLogKind,
  type MqttLogQuery,
  type MqttPublishSeries,
  type MqttSeriesQuery,
  type MqttSubscription,
  type MqttSubscriptionSeries,
  type MqttVersion,
  mqttClientCountSchema,
  mqttClientSchema,
  mqttClientSeriesSchema,
  mqttDebugTokenSchema,
  mqttLogEntrySchema,
  mqttPublishSeriesSchema,
  mqttSubscriptionCountSchema,
  mqttSubscriptionSchema,
  mqttSubscriptionSeriesSchema,
  mqttVersionSchema,
  type Order,
  type Where,
} from '@vap/contracts';
import { ApiError, type CallOptions, type HttpClient } from '@vap/kernel';

/** A call whose failure the caller shows itself (a batch summing up its failures, a list in place). */
export interface QuietOption {
  quiet?: boolean;
}

/** A call of a live page, asked again every few seconds: spec §8, polling errors are only logged. */
export type PollOptions = CallOptions & QuietOption;

export interface MqttApi {
  version(options?: CallOptions): Promise<MqttVersion>;
  clients(query: ListQuery, options?: PollOptions): Promise<ListPage<MqttClient>>;
  /** How many clients match the filter, by kind. */
  clientCount(wheres: readonly Where[], options?: CallOptions): Promise<MqttClientCount>;
  /** The .xlsx of the connected devices that match, in this order, made by the server. */
  exportDeviceClients(wheres: readonly Where[], orders: readonly Order[]): Promise<Blob>;
  /** Disconnects the client, on whichever broker node holds it. */
  kick(clientId: string, options?: QuietOption): Promise<void>;
  subscriptions(query: ListQuery, options?: PollOptions): Promise<ListPage<MqttSubscription>>;
  subscriptionCount(wheres: readonly Where[], options?: PollOptions): Promise<number>;
  clientSeries(query: MqttSeriesQuery, options?: CallOptions): Promise<MqttClientSeries>;
  subscriptionSeries(query: MqttSeriesQuery, options?: CallOptions): Promise<MqttSubscriptionSeries>;
  publishSeries(query: MqttSeriesQuery, options?: CallOptions): Promise<MqttPublishSeries>;
  /** Credentials for the debug tool's connection; the tool shows a refusal itself. */
  debugToken(): Promise<MqttDebugToken>;
  /** A page of one log, newest first; `wheres` travel in the body as they are. */
  logs(kind: MqttLogKind, body: MqttLogQuery, options?: CallOptions): Promise<ListPage<MqttLogEntry>>;
  /** The .xlsx of one log's range and filter, made by the server. */
  exportLogs(kind: MqttLogKind, body: MqttLogExportBody): Promise<Blob>;
}

/** A series query as the server reads it: the instants and the step in seconds. */
const seriesParams = ({ from, to, step }: MqttSeriesQuery) => ({ from, to, step });

/**
 * The workbook the export answers. The kernel's client reads an answer that is neither JSON nor
 * text as a Blob (ofetch's detection by content type); anything else is not the file.
 */
async function workbook(answer: unknown): Promise<Blob> {
  const file = answer as Partial<Blob> | null;
  if (typeof file?.arrayBuffer !== 'function') throw new ApiError(200, 'invalid_response', '');
  // Copied into this window's Blob: the answer's may come from another realm (a test's fetch).
  return new Blob([await file.arrayBuffer()], { type: file.type ?? '' });
}

export function createMqttApi(http: HttpClient): MqttApi {
  return {
    version: (options) => http.get(MQTT_PATHS.version, { ...options, schema: mqttVersionSchema }),
    clients: (query, options) => http.list(MQTT_PATHS.clients, query, mqttClientSchema, options),
    clientCount: (wheres, options) =>
      http.get(MQTT_PATHS.clientsCount, { ...options, wheres, schema: mqttClientCountSchema }),
    exportDeviceClients: async (wheres, orders) =>
      (await http.download(MQTT_PATHS.clientsExport, { wheres, orders })).blob,
    kick: async (clientId, options) => {
      await http.delete(MQTT_PATHS.client(clientId), { quiet: options?.quiet ?? false });
    },
    subscriptions: (query, options) =>
      http.list(MQTT_PATHS.subscriptions, query, mqttSubscriptionSchema, options),
    subscriptionCount: async (wheres, options) =>
      (
        await http.get(MQTT_PATHS.subscriptionsCount, {
          ...options,
          wheres,
          schema: mqttSubscriptionCountSchema,
        })
      ).count,
    clientSeries: (query, options) =>
      http.get(MQTT_PATHS.clientsSeries, {
        ...options,
        query: seriesParams(query),
        schema: mqttClientSeriesSchema,
      }),
    subscriptionSeries: (query, options) =>
      http.get(MQTT_PATHS.subscriptionsSeries, {
        ...options,
        query: seriesParams(query),
        schema: mqttSubscriptionSeriesSchema,
      }),
    publishSeries: (query, options) =>
      http.get(MQTT_PATHS.publishesSeries, {
        ...options,
        query: seriesParams(query),
        schema: mqttPublishSeriesSchema,
      }),
    debugToken: () =>
      http.post(MQTT_PATHS.debugToken, undefined, { schema: mqttDebugTokenSchema, quiet: true }),
    logs: (kind, body, options) =>
      http.post(MQTT_LOG_PATHS[kind], body, { ...options, schema: listPageSchema(mqttLogEntrySchema) }),
    exportLogs: async (kind, body) => workbook(await http.post<unknown>(MQTT_LOG_EXPORT_PATHS[kind], body)),
  };
}
