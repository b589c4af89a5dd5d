import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  apiErrorSchema,
  listPageSchema,
  listQuerySchema,
  MQTT_CLIENT_FILTERS,
  MQTT_CLIENT_ORDER_KEYS,
  MQTT_PATHS,
  MQTT_SUBSCRIPTION_FILTERS,
  MQTT_SUBSCRIPTION_ORDER_KEYS,
  type MqttClient,
  type MqttClientKind,
  type MqttVersion,
  mqttClientCountSchema,
  mqttClientIdParamsSchema,
  mqttClientSchema,
  mqttClientSeriesSchema,
  mqttCountQuerySchema,
  mqttDebugTokenSchema,
  mqttPublishSeriesSchema,
  mqttSeriesQuerySchema,
  mqttSubscriptionCountSchema,
  mqttSubscriptionSchema,
  mqttSubscriptionSeriesSchema,
  mqttVersionSchema,
  type PageName,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { allows, companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, permissionsOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import { listFilters } from '../../core/http/list-query.js';
import type { Broker } from './broker.js';
import { mqttClientExportRoutes } from './client-export.js';
import type { DebugTokens } from './debug-tokens.js';
import { filtered, livePage } from './live.js';
import type { MqttLog } from './log.js';
import { mqttLogRoutes } from './log-routes.js';
import type { BrokerStats } from './stats.js';
import { mqttSummaryRoutes } from './summary-routes.js';
import { DEBUG_TOOL } from './user-clients.js';

/** The embedded broker's version, as the console shows it: the dir `mqtt` appears with it (spec §2.3). */
// Read beside its entry: the package exports no `./package.json`.
const aedesEntry = createRequire(import.meta.url).resolve('aedes');
const { version: aedesVersion } = JSON.parse(
  readFileSync(join(dirname(aedesEntry), 'package.json'), 'utf8'),
) as {
  version: string;
};
export const BROKER_VERSION = `Aedes ${aedesVersion}`;
/** The versions of this server's broker calls (`/v1/mtx/company/…`) and their metrics. */
const API_VERSION = 'v1';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const tags = ['mqtt'];

/** The page that lists each kind of client: a role sees (and kicks) the kinds of its pages. */
const PAGE_OF_KIND: Record<MqttClientKind, PageName> = {
  device: 'mqtt_device_client',
  user: 'mqtt_user_client',
};
const CLIENT_PAGES = ['mqtt_dashboard', ...Object.values(PAGE_OF_KIND)];

const forbidden = () => new ApiError(403, 'forbidden');

export interface MqttModuleOptions {
  db: Db;
  broker: Broker;
  stats: BrokerStats;
  log: MqttLog;
  debugTokens: DebugTokens;
}

export const mqttModule: FastifyPluginAsyncZod<MqttModuleOptions> = async (
  app,
  { db, broker, stats, log, debugTokens },
) => {
  await app.register(mqttLogRoutes, { db, log });
  await app.register(mqttSummaryRoutes, { db, broker });
  await app.register(mqttClientExportRoutes, { db, broker });

  /** The caller's company and the client kinds their pages show (403 when the pages show none). */
  async function viewer(request: FastifyRequest, pages: readonly string[]) {
    const permissions = await permissionsOf(request, db);
    const companyId = companyOf(permissions);
    if (!pages.some((page) => allows(permissions.holder, page))) throw forbidden();
    const dashboard = allows(permissions.holder, 'mqtt_dashboard');
    const kinds = (Object.keys(PAGE_OF_KIND) as MqttClientKind[]).filter(
      (kind) => dashboard || allows(permissions.holder, PAGE_OF_KIND[kind]),
    );
    return { companyId, kinds, holder: permissions.holder };
  }

  /** The company's clients of these kinds, on every node. */
  async function clientsOf(companyId: number, kinds: readonly MqttClientKind[]): Promise<MqttClient[]> {
    const all = await broker.cluster.clients(companyId);
    return all.map((entry) => entry.client).filter((client) => kinds.includes(client.kind));
  }

  app.get(
    MQTT_PATHS.version,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Versions of the MQTT broker serving the company, and the server clock',
        security,
        response: { 200: mqttVersionSchema, 401: apiErrorSchema },
      },
    },
    async (): Promise<MqttVersion> => ({
      // Empty while no broker node is live (MQTT_BROKER=false here and on every server sharing
      // the database): the console then hides the `mqtt` dir (spec §2.3).
      main_version: (await broker.served()) ? BROKER_VERSION : '',
      api_version: API_VERSION,
      metrics_api_version: API_VERSION,
      // The console's clock offset is the difference to this (issue 15).
      unix_milli: Date.now(),
    }),
  );

  app.get(
    MQTT_PATHS.clients,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The company's connected clients (devices on mqtt_device_client, user clients on mqtt_user_client)",
        description:
          'wheres (base64 JSON): client_id, username, ip = or like; kind, transport, protocol_level =; ' +
          'connected_at >=, <=, between. orders: connected_at, client_id, username, ip (default connected_at desc).',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(mqttClientSchema), ...refusals },
      },
    },
    async (request) => {
      const { companyId, kinds } = await viewer(request, CLIENT_PAGES);
      return livePage(await clientsOf(companyId, kinds), request.query, {
        filters: MQTT_CLIENT_FILTERS,
        orderKeys: MQTT_CLIENT_ORDER_KEYS,
        fallback: [
          { k: 'connected_at', o: 'desc' },
          { k: 'client_id', o: 'asc' },
        ],
      });
    },
  );

  app.get(
    MQTT_PATHS.clientsCount,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'How many connected clients match the wheres, by kind',
        security,
        querystring: mqttCountQuerySchema,
        response: { 200: mqttClientCountSchema, ...refusals },
      },
    },
    async (request) => {
      const { companyId, kinds } = await viewer(request, CLIENT_PAGES);
      const rows = filtered(
        await clientsOf(companyId, kinds),
        listFilters(request.query.wheres, MQTT_CLIENT_FILTERS),
      );
      const device = rows.filter((row) => row.kind === 'device').length;
      return { count: rows.length, device, user: rows.length - device };
    },
  );

  app.delete(
    MQTT_PATHS.client.pattern,
    {
      // Either page's kick admits the call; the client's kind says which one it needs, below.
      config: {
        access: {
          anyOf: Object.values(PAGE_OF_KIND).map((page) => ({ page, button: 'kick' })),
        },
        audit: 'mqtt.client.kick',
      },
      schema: {
        tags,
        summary: 'Disconnects a client of the company (the kick button of its kind’s page)',
        security,
        params: mqttClientIdParamsSchema,
        response: { 204: z.null(), ...refusals, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const permissions = await permissionsOf(request, db);
      const companyId = companyOf(permissions);
      const { id } = request.params;
      const found = (await clientsOf(companyId, ['device', 'user'])).find(
        (client) => client.client_id === id,
      );
      if (!found) throw new ApiError(404, 'not_found');
      if (!allows(permissions.holder, PAGE_OF_KIND[found.kind], 'kick')) throw forbidden();
      // On whichever node holds it.
      if (!(await broker.cluster.kick(companyId, id))) throw new ApiError(404, 'not_found');
      await auditTrail(request).record(db, {
        action: 'mqtt.client.kick',
        target: { type: 'mqtt_client', id },
        before: found,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    MQTT_PATHS.subscriptions,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The subscriptions of the company's connected clients",
        description:
          'wheres (base64 JSON): client_id, username, topic = or like; kind, qos =. orders: client_id, topic, qos.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(mqttSubscriptionSchema), ...refusals },
      },
    },
    async (request) => {
      const { companyId, kinds } = await viewer(request, ['mqtt_user_subs', 'mqtt_dashboard']);
      return livePage(await subscriptionsAll(companyId, kinds), request.query, {
        filters: MQTT_SUBSCRIPTION_FILTERS,
        orderKeys: MQTT_SUBSCRIPTION_ORDER_KEYS,
        fallback: [
          { k: 'client_id', o: 'asc' },
          { k: 'topic', o: 'asc' },
        ],
      });
    },
  );

  /** The subscriptions of the company's clients of these kinds, on every node. */
  async function subscriptionsAll(companyId: number, kinds: readonly MqttClientKind[]) {
    const all = await broker.cluster.clients(companyId);
    return all.filter((entry) => kinds.includes(entry.client.kind)).flatMap((entry) => entry.subscriptions);
  }

  app.get(
    MQTT_PATHS.subscriptionsCount,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'How many subscriptions match the wheres',
        security,
        querystring: mqttCountQuerySchema,
        response: { 200: mqttSubscriptionCountSchema, ...refusals },
      },
    },
    async (request) => {
      // Both client kinds count: the user subscriptions page lists all, filtered by kind.
      const { companyId } = await viewer(request, ['mqtt_user_subs', 'mqtt_dashboard']);
      const rows = filtered(
        await subscriptionsAll(companyId, ['device', 'user']),
        listFilters(request.query.wheres, MQTT_SUBSCRIPTION_FILTERS),
      );
      return { count: rows.length };
    },
  );

  const seriesRoute = { access: { page: 'mqtt_dashboard' } } as const;
  app.get(
    MQTT_PATHS.clientsSeries,
    {
      config: seriesRoute,
      schema: {
        tags,
        summary:
          'Connected device and user clients over time (the highest count of each step), and the connects refused that named the company’s devices or keys (their sum)',
        security,
        querystring: mqttSeriesQuerySchema,
        response: { 200: mqttClientSeriesSchema, ...refusals },
      },
    },
    async (request) => {
      const points = await stats.series(companyOf(await permissionsOf(request, db)), request.query);
      return { items: points.map(({ t, device, user, refused }) => ({ t, device, user, refused })) };
    },
  );
  app.get(
    MQTT_PATHS.subscriptionsSeries,
    {
      config: seriesRoute,
      schema: {
        tags,
        summary: 'Subscriptions over time (the highest count of each step)',
        security,
        querystring: mqttSeriesQuerySchema,
        response: { 200: mqttSubscriptionSeriesSchema, ...refusals },
      },
    },
    async (request) => {
      const points = await stats.series(companyOf(await permissionsOf(request, db)), request.query);
      return { items: points.map(({ t, subscriptions }) => ({ t, count: subscriptions })) };
    },
  );
  app.get(
    MQTT_PATHS.publishesSeries,
    {
      config: seriesRoute,
      schema: {
        tags,
        summary: "Messages the company's clients published (in) and were sent (out), per step",
        security,
        querystring: mqttSeriesQuerySchema,
        response: { 200: mqttPublishSeriesSchema, ...refusals },
      },
    },
    async (request) => {
      const points = await stats.series(companyOf(await permissionsOf(request, db)), request.query);
      return { items: points.map((point) => ({ t: point.t, in: point.in, out: point.out })) };
    },
  );

  app.post(
    MQTT_PATHS.debugToken,
    {
      config: {
        access: { page: DEBUG_TOOL.page, button: DEBUG_TOOL.connect },
        // What the connection may do then is the page's other buttons, which the broker enforces.
        brokerEnforces: Object.values(DEBUG_TOOL.acts),
      },
      schema: {
        tags,
        summary: 'Credentials for the debug tool to connect over WebSocket as the signed-in user',
        security,
        response: { 200: mqttDebugTokenSchema, ...refusals },
      },
    },
    async (request) => {
      const permissions = await permissionsOf(request, db);
      const { userId, sessionId } = callerOf(request);
      return debugTokens.issue({ userId, sessionId, companyId: companyOf(permissions) });
    },
  );
};
