import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  MQTT_CALLS,
  MQTT_CLIENT_FILTERS,
  MQTT_SUBSCRIPTION_FILTERS,
  type MqttClient,
  type MqttClientKind,
  type MqttVersion,
  type PageName,
} from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import { allows, companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
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

export async function mqttRoutes(
  app: FastifyInstance,
  { db, broker, stats, log, debugTokens }: MqttModuleOptions,
) {
  await mqttLogRoutes(app, { db, log });
  await mqttSummaryRoutes(app, { db, broker });
  await mqttClientExportRoutes(app, { db, broker });

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

  await serve(
    app,
    MQTT_CALLS.version,
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

  await serve(app, MQTT_CALLS.clients, async (request, _reply, list) => {
    const { companyId, kinds } = await viewer(request, CLIENT_PAGES);
    return livePage(await clientsOf(companyId, kinds), list, [
      { k: 'connected_at', o: 'desc' },
      { k: 'client_id', o: 'asc' },
    ]);
  });

  await serve(app, MQTT_CALLS.clientCount, async (request) => {
    const { companyId, kinds } = await viewer(request, CLIENT_PAGES);
    const rows = filtered(
      await clientsOf(companyId, kinds),
      listFilters(request.query.wheres, MQTT_CLIENT_FILTERS),
    );
    const device = rows.filter((row) => row.kind === 'device').length;
    return { count: rows.length, device, user: rows.length - device };
  });

  await serve(app, MQTT_CALLS.kick, async (request) => {
    const permissions = await permissionsOf(request, db);
    const companyId = companyOf(permissions);
    const { id } = request.params;
    const found = (await clientsOf(companyId, ['device', 'user'])).find((client) => client.client_id === id);
    if (!found) throw new ApiError(404, 'not_found');
    if (!allows(permissions.holder, PAGE_OF_KIND[found.kind], 'kick')) throw forbidden();
    // On whichever node holds it.
    if (!(await broker.cluster.kick(companyId, id))) throw new ApiError(404, 'not_found');
    await auditTrail(request).record(db, {
      action: 'mqtt.client.kick',
      target: { type: 'mqtt_client', id },
      before: found,
    });
  });

  /** The subscriptions of the company's clients of these kinds, on every node. */
  async function subscriptionsAll(companyId: number, kinds: readonly MqttClientKind[]) {
    const all = await broker.cluster.clients(companyId);
    return all.filter((entry) => kinds.includes(entry.client.kind)).flatMap((entry) => entry.subscriptions);
  }

  await serve(app, MQTT_CALLS.subscriptions, async (request, _reply, list) => {
    const { companyId, kinds } = await viewer(request, ['mqtt_user_subs', 'mqtt_dashboard']);
    return livePage(await subscriptionsAll(companyId, kinds), list, [
      { k: 'client_id', o: 'asc' },
      { k: 'topic', o: 'asc' },
    ]);
  });

  await serve(app, MQTT_CALLS.subscriptionCount, async (request) => {
    // Both client kinds count: the user subscriptions page lists all, filtered by kind.
    const { companyId } = await viewer(request, ['mqtt_user_subs', 'mqtt_dashboard']);
    const rows = filtered(
      await subscriptionsAll(companyId, ['device', 'user']),
      listFilters(request.query.wheres, MQTT_SUBSCRIPTION_FILTERS),
    );
    return { count: rows.length };
  });

  await serve(app, MQTT_CALLS.clientSeries, async (request) => {
    const points = await stats.series(await companyOfCaller(request, db), request.query);
    return { items: points.map(({ t, device, user, refused }) => ({ t, device, user, refused })) };
  });
  await serve(app, MQTT_CALLS.subscriptionSeries, async (request) => {
    const points = await stats.series(await companyOfCaller(request, db), request.query);
    return { items: points.map(({ t, subscriptions }) => ({ t, count: subscriptions })) };
  });
  await serve(app, MQTT_CALLS.publishSeries, async (request) => {
    const points = await stats.series(await companyOfCaller(request, db), request.query);
    return { items: points.map((point) => ({ t: point.t, in: point.in, out: point.out })) };
  });

  await serve(
    app,
    MQTT_CALLS.debugToken,
    async (request) => {
      const permissions = await permissionsOf(request, db);
      const { userId, sessionId } = callerOf(request);
      return debugTokens.issue({ userId, sessionId, companyId: companyOf(permissions) });
    },
    // What the connection may do then is the page's other buttons, which the broker enforces.
    { config: { brokerEnforces: Object.values(DEBUG_TOOL.acts) } },
  );
}
