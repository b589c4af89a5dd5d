/**
 * The Fastify application: /webapi and the console build. Built without listening, so that tests
 * drive it through `app.inject` and `main.ts` decides about ports, signals and the data directory.
 */
import fastifySwagger from '@fastify/swagger';
import { OPERATIONS_PATHS } from '@vap/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { CallerLoader } from './core/auth/caller.js';
import type { PasswordHasher } from './core/auth/passwords.js';
import { TokenService } from './core/auth/tokens.js';
import { DEFAULT_MQTT_LIMITS, DEFAULT_MQTT_LOG_MAX_ROWS, type MqttLimits } from './core/config.js';
import { ACCESS_KEY_SECRETS, SecretBox } from './core/crypto/secret-box.js';
import type { Database } from './core/db/client.js';
import { registerAccessControl } from './core/http/access.js';
import { registerCompression } from './core/http/compress.js';
import { registerConsole } from './core/http/console-static.js';
import {
  answerClientError,
  answerFrameworkError,
  enforceHttp11Rules,
  registerErrorHandling,
  sendNotFound,
} from './core/http/errors.js';
import { IMPORT_SLOTS, ImportSlots } from './core/http/import-slots.js';
import { boundJsonDepth } from './core/http/json-body.js';
import { registerSecurityHeaders } from './core/http/security-headers.js';
import { refuseUnstorableText } from './core/http/text-input.js';
import { Upgrades } from './core/http/upgrades.js';
import { safeLoggerOptions } from './core/logging.js';
import { MenuCatalogue } from './core/menu/catalogue.js';
import type { ObjectBackend } from './core/storage/backend.js';
import { LocalObjectBackend } from './core/storage/local-backend.js';
import { ObjectStore } from './core/storage/objects.js';
import { objectRoutes } from './core/storage/routes.js';
import { AccessKeyConnections, accessKeysModule, OpenApiGate } from './modules/access-keys/index.js';
import { accountModule } from './modules/account/index.js';
import { auditModule } from './modules/audit/index.js';
import { type CloudStorage, cloudStorage } from './modules/cbs/index.js';
import { companyModule } from './modules/company/index.js';
import { DEVICE_SECRETS, DevicePresence, deviceList, devicesModule } from './modules/devices/index.js';
import {
  type BankAccount,
  DevPaymentProvider,
  type FinanceModule,
  finance,
  type PaymentProvider,
} from './modules/finance/index.js';
import { healthModule } from './modules/health/index.js';
import { menuModule } from './modules/menu/index.js';
import {
  Broker,
  BrokerNodes,
  BrokerStats,
  brokerGuards,
  DebugTokens,
  MqttLog,
  mqttModule,
  redisBackends,
  UserClients,
} from './modules/mqtt/index.js';
import { noticesModule } from './modules/notices/index.js';
import { type ScanLoginProvider, type SmsProvider, signInModule } from './modules/sign-in/index.js';
import { systemModule } from './modules/system/index.js';
import { deviceTasks, type JobEngine } from './modules/tasks/index.js';
import { type RelayOptions, remoteTerminal } from './modules/terminal/index.js';

export interface AppOptions {
  database: Database;
  /** Redis shared by the broker's nodes (REDIS_URL): several servers then form one broker. */
  redisUrl?: string;
  /** Most rows the MQTT log keeps (MQTT_LOG_MAX_ROWS; 0: no log); 1,000,000 when not given. */
  mqttLogMaxRows?: number;
  /** The broker's packet and failed-connect limits (MQTT_MAX_PACKET_SIZE, MQTT_AUTH_FAILURE*). */
  mqttLimits?: MqttLimits;
  /** Whether this server is a broker node (MQTT_BROKER); true when not given. */
  mqttBroker?: boolean;
  /**
   * Where devices reach this server (PUBLIC_URL), for the download URLs of their firmware; by
   * default the address it listens on, as seen from this machine.
   */
  publicUrl?: string;
  /** How often the task engine runs (ms); 0 leaves it to the caller (`app.taskEngine.tick()`). */
  taskTickMs?: number;
  /** The clock of task deadlines and timeouts (ms since the epoch): tests move it. */
  clock?: () => number;
  /**
   * Online recharge's gateway; the development provider when absent, unless development providers
   * are refused (production): then online recharge answers 503 and bank transfers remain.
   */
  paymentProvider?: PaymentProvider;
  /** Where companies send bank transfers (BANK_* settings); none shown when absent. */
  bankAccount?: BankAccount;
  /** The remote terminal's timings (idle time, grant checks, keepalive): tests shorten them. */
  terminal?: Omit<RelayOptions, 'now'>;
  passwords: PasswordHasher;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  jwtExpiresIn: number;
  bodyLimit: number;
  /** Spreadsheet imports read at once (IMPORT_CONCURRENCY); `IMPORT_SLOTS.server` when not given. */
  importConcurrency?: number;
  /**
   * How long a client may take to send a request's headers, and the whole request, before it is
   * answered 408 and its connection closed (defaults: 10 s and 120 s, a 5 MB upload on a slow link).
   */
  timeouts?: { headersMs: number; requestMs: number };
  verifyCompany: boolean;
  /** The console build to serve at `/`; null serves /webapi only. */
  consoleDir: string | null;
  /** Serve the build's `*.map` files (Config.serveSourceMaps); true when absent. */
  serveSourceMaps?: boolean;
  /** Where the local object store keeps its files (`{dataDir}/objects`). */
  dataDir: string;
  /** Where objects are kept; files under `{dataDir}/objects` when absent (core/storage/backend.ts). */
  objectBackend?: ObjectBackend;
  /** Keep what the development SMS and scan providers send, for `GET /webapi/dev/outbox`. */
  devOutbox: boolean;
  /** Real SMS and scan sign-in providers; the development ones when absent (docs/operations.md). */
  smsProvider?: SmsProvider;
  scanProvider?: ScanLoginProvider;
  /** Refuse to build on a development SMS or scan provider (production without ALLOW_DEV_PROVIDERS). */
  refuseDevelopmentProviders?: boolean;
  logger?: FastifyServerOptions['logger'];
  version?: string;
  /**
   * Told of every route as it is added, before any is (Fastify keeps no list of its routes). The
   * authorization matrix test uses it to walk every /webapi route, including those added later.
   */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded MQTT broker (modules/mqtt). */
    broker: Broker;
    /** The broker's counts over time (modules/mqtt/stats.ts). */
    mqttStats: BrokerStats;
    /** The broker's log (modules/mqtt/log.ts). */
    mqttLog: MqttLog;
    /** The device tasks' job engine (modules/tasks). */
    taskEngine: JobEngine;
    /** The money work no request starts (modules/finance): tests tick it with the clock moved. */
    financeSchedule: FinanceModule['schedule'];
    /** The devices' reports of their cloud storage (modules/cbs): tests flush them. */
    cloudUsage: CloudStorage['usage'];
  }
}

/** How often the money work runs (recharge orders past their window expire). */
const FINANCE_TICK_MS = 30_000;

export const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 120_000 } as const;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    // Parameters of failed queries and secrets of requests never reach the log (core/logging.ts).
    logger: options.logger ? safeLoggerOptions(options.logger === true ? {} : options.logger) : false,
    bodyLimit: options.bodyLimit,
    // Behind a proxy the client address matters for later rate limits; the default is direct.
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // A slow client does not hold a connection for Node's 60 s header and 300 s request defaults;
    // the timeouts are checked every second rather than every 30 s.
    // Node's empty 400 for a missing Host header gives way to enforceHttp11Rules' {code, message}.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: 1_000,
      requireHostHeader: false,
    },
    requestTimeout: timeouts.requestMs,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  boundJsonDepth(app);
  refuseUnstorableText(app);
  const objectBackend = options.objectBackend ?? new LocalObjectBackend(options.dataDir);
  const bucketOrigin = await objectBackend.displayOrigin();
  await registerSecurityHeaders(app, bucketOrigin ? [bucketOrigin] : []);
  await registerCompression(app);
  // After the security headers, so that its refusals carry them too.
  enforceHttp11Rules(app);

  // The core services, one instance each; every module is handed only the ones it uses.
  const { database } = options;
  const { db } = database;
  const { passwords } = options;
  const tokens = new TokenService(db, options.jwtSecret, options.jwtExpiresIn);
  const catalogue = new MenuCatalogue(db);
  const store = new ObjectStore(db, objectBackend, options.jwtSecret);
  // Access-key secrets are sealed under a key derived from the token secret (core/crypto/secret-box.ts).
  const secretBox = new SecretBox(options.jwtSecret, ACCESS_KEY_SECRETS);
  const openApi = new OpenApiGate(db, secretBox);
  // Every spreadsheet import of every module takes one of these slots (core/http/import-slots.ts).
  const importSlots = new ImportSlots({
    ...IMPORT_SLOTS,
    server: options.importConcurrency ?? IMPORT_SLOTS.server,
  });
  const callers = new CallerLoader(database);
  registerAccessControl(app, tokens, { callers, catalogue, openApi });

  // The MQTT broker: over WebSocket at /mqtt on this server's port from the start, over TCP once
  // `main.ts` (or a test) asks it to listen (`app.broker.listenTcp`). Closed with the app.
  const presence = new DevicePresence(db, new SecretBox(options.jwtSecret, DEVICE_SECRETS));
  const debugTokens = new DebugTokens(options.jwtSecret);
  const userClients = new UserClients(
    new AccessKeyConnections(db, secretBox),
    debugTokens,
    callers,
    presence,
  );
  const broker = await Broker.create(
    presence,
    userClients,
    new BrokerNodes(db, presence, app.log),
    app.log,
    brokerGuards(db, userClients, options.mqttLimits ?? DEFAULT_MQTT_LIMITS),
    options.redisUrl ? redisBackends(options.redisUrl) : undefined,
    options.mqttBroker ?? true,
  );
  // The WebSocket endpoints on this port: the broker's (on a broker node), the remote terminal's.
  const upgrades = new Upgrades(app.server);
  if (options.mqttBroker ?? true) broker.attachWebSocket(upgrades);
  const brokerStats = new BrokerStats(db, broker, app.log);
  brokerStats.start();
  app.decorate('mqttStats', brokerStats);
  const mqttLog = new MqttLog(db, options.mqttLogMaxRows ?? DEFAULT_MQTT_LOG_MAX_ROWS, app.log);
  mqttLog.follow(broker);
  app.decorate('mqttLog', mqttLog);
  app.decorate('broker', broker);
  const tasks = deviceTasks({
    db,
    store,
    importSlots,
    broker,
    origin: () => {
      if (options.publicUrl) return options.publicUrl;
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 80}`;
    },
    log: app.log,
    ...(options.clock ? { now: options.clock } : {}),
  });
  app.decorate('taskEngine', tasks.engine);
  const devices = deviceList(db, options.jwtSecret);
  const terminal = remoteTerminal({
    db,
    devices,
    callers,
    broker,
    upgrades,
    log: app.log,
    relay: { ...options.terminal, ...(options.clock ? { now: options.clock } : {}) },
  });
  const money = finance({
    db,
    payments:
      options.paymentProvider ?? (options.refuseDevelopmentProviders ? null : new DevPaymentProvider()),
    bank: options.bankAccount ?? null,
    log: app.log,
    ...(options.clock ? { now: options.clock } : {}),
  });
  app.decorate('financeSchedule', money.schedule);
  const cloud = cloudStorage({
    db,
    ledger: money.ledger,
    standing: money.standing,
    broker,
    log: app.log,
    ...(options.clock ? { now: options.clock } : {}),
  });
  money.schedule.add({ name: 'bill cloud packages', run: () => cloud.billing.bill() });
  money.schedule.add({ name: 'warn of renewals', run: () => cloud.billing.warnRenewals() });
  money.nextBill.add((companyId) => cloud.nextMonthDue(companyId));
  app.decorate('cloudUsage', cloud.usage);
  if (options.taskTickMs !== 0) {
    tasks.engine.start(options.taskTickMs);
    money.schedule.start(FINANCE_TICK_MS);
  }
  app.addHook('onClose', async () => {
    await terminal.relay.close();
    await tasks.engine.stop();
    await money.schedule.stop();
    brokerStats.stop();
    await broker.close();
    // The last entries, disconnections included.
    await mqttLog.close();
    await cloud.usage.flush();
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'VAP platform API',
        description: 'The /webapi of VAP Console. Errors are `{ code, message }` in the caller language.',
        version: options.version ?? '0.0.0',
      },
      servers: [{ url: '/webapi' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Operations marked `x-vap-open-api` also accept a request signed with an access key.
          accessKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-vap-key-id',
            description:
              'With x-vap-timestamp, x-vap-nonce and x-vap-signature (HMAC-SHA256); see docs/open-api.md.',
          },
        },
      },
    },
    transform: (input) => openApi.document(jsonSchemaTransform(input), input.route),
    // Paths in the document are relative to the server URL above.
    transformObject: (documents) => {
      const document = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
      const paths = Object.fromEntries(
        Object.entries(document.paths ?? {}).map(([path, item]) => [path.replace(/^\/webapi/, ''), item]),
      );
      return { ...document, paths } as typeof document;
    },
  });

  await app.register(
    async (api) => {
      await api.register(healthModule, { database });
      await api.register(signInModule, {
        db,
        passwords,
        tokens,
        devOutbox: options.devOutbox,
        ...(options.smsProvider ? { smsProvider: options.smsProvider } : {}),
        ...(options.scanProvider ? { scanProvider: options.scanProvider } : {}),
        codeSecret: options.jwtSecret,
        refuseDevelopmentProviders: options.refuseDevelopmentProviders ?? false,
      });
      await api.register(accountModule, {
        db,
        passwords,
        tokens,
        catalogue,
        store,
        verifyCompany: options.verifyCompany,
      });
      await api.register(menuModule, { catalogue });
      await api.register(mqttModule, { db, broker, stats: brokerStats, log: mqttLog, debugTokens });
      await api.register(companyModule, { db, store });
      await api.register(objectRoutes, { db, store, tokens });
      await api.register(noticesModule, { db });
      await api.register(systemModule, { db, passwords, catalogue });
      await api.register(auditModule, { db });
      await api.register(accessKeysModule, { db, openApi, secretBox, devices });
      await api.register(devicesModule, { db, serverSecret: options.jwtSecret, devices, importSlots });
      await api.register(tasks.routes);
      await api.register(terminal.routes);
      await api.register(money.routes);
      await api.register(cloud.routes);
      api.get(
        OPERATIONS_PATHS.apiDocument,
        { config: { access: 'public' }, schema: { hide: true } },
        // The OpenAPI document the open-platform debug page is driven by (spec §7).
        () => app.swagger(),
      );
    },
    { prefix: '/webapi' },
  );

  if (options.consoleDir) {
    await registerConsole(app, options.consoleDir, { serveSourceMaps: options.serveSourceMaps ?? true });
  } else app.setNotFoundHandler(sendNotFound);
  return app;
}
