/**
 * The Fastify application: /webapi and the console build. Built without listening, so that tests
 * drive it through `app.inject` and `main.ts` decides about ports, signals and the data directory.
 */
import fastifySwagger from '@fastify/swagger';
import { type CallAnswer, OPERATIONS_CALLS, type PluginServer } from '@vap/contracts';
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
import type { MqttLimits } from './core/config.js';
import { ServerSecrets } from './core/crypto/secrets.js';
import type { Database } from './core/db/client.js';
import { registerAccessControl } from './core/http/access.js';
import { serve } from './core/http/calls.js';
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
import { type ModuleServices, startModules } from './core/modules.js';
import type { ObjectBackend } from './core/storage/backend.js';
import { LocalObjectBackend } from './core/storage/local-backend.js';
import { objectsModule } from './core/storage/module.js';
import { ObjectStore } from './core/storage/objects.js';
import { accessKeysModule } from './modules/access-keys/index.js';
import { accountModule } from './modules/account/index.js';
import { adpkgModule } from './modules/adpkg/index.js';
import { algmallModule } from './modules/algmall/index.js';
import { auditModule } from './modules/audit/index.js';
import { campaignsModule } from './modules/campaigns/index.js';
import { cbsModule } from './modules/cbs/index.js';
import { companyModule } from './modules/company/index.js';
import { devicesModule } from './modules/devices/index.js';
import { type BankAccount, financeModule, type PaymentProvider } from './modules/finance/index.js';
import { healthModule } from './modules/health/index.js';
import { hologramModule } from './modules/hologram/index.js';
import { type LvlmLabSettings, lvlmLabModule } from './modules/lvlm-lab/index.js';
import { menuModule } from './modules/menu/index.js';
import { mqttModule } from './modules/mqtt/index.js';
import { noticesModule } from './modules/notices/index.js';
import { type PlateEngine, plateRecognitionModule } from './modules/plate-recognition/index.js';
import { pluginCallsModule } from './modules/plugin-calls/index.js';
import { resourcesModule } from './modules/resources/index.js';
import { type ScanLoginProvider, type SmsProvider, signInModule } from './modules/sign-in/index.js';
import { systemModule } from './modules/system/index.js';
import { tasksModule } from './modules/tasks/index.js';
import { type RelayOptions, terminalModule } from './modules/terminal/index.js';
import { videoModule } from './modules/video/index.js';
import { type VoipSettings, voipModule } from './modules/voip/index.js';

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
  /**
   * How often the task engine runs (ms); 0 leaves it and the money work to the caller (the tasks'
   * `engine.tick()`, finance's `schedule.tick()`).
   */
  taskTickMs?: number;
  /** The clock of task deadlines and timeouts (ms since the epoch): tests move it. */
  clock?: () => number;
  /**
   * Online recharge's gateway; the development provider when absent, unless development providers
   * are refused (production): then online recharge answers 503 and bank transfers remain.
   */
  paymentProvider?: PaymentProvider | null;
  /** Where companies send bank transfers (BANK_* settings); none shown when absent. */
  bankAccount?: BankAccount;
  /**
   * The detection lab's engine and daily trials (LVLM_* settings); the development engine and 20 a
   * day when absent. A development engine is refused with `refuseDevelopmentProviders`.
   */
  lvlmLab?: Omit<LvlmLabSettings, 'refuseDevelopmentProviders'>;
  /**
   * Internet telephony (SIP_DOMAIN, SIP_SERVER): the suffix of each company's SIP domain and where
   * phones register; `sip.localhost` and no SIP server when absent.
   */
  voip?: VoipSettings;
  /** The remote terminal's timings (idle time, grant checks, keepalive): tests shorten them. */
  terminal?: Omit<RelayOptions, 'now'>;
  passwords: PasswordHasher;
  serverSecret: string;
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
  /** The console's plugins' own calls (the build's `plugin-servers.json`, read by main.ts). */
  pluginServers?: readonly PluginServer[];
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
  /** Plate recognition's engine (PLATE_ENGINE); the development one when absent. */
  plateEngine?: PlateEngine;
  /** Plate recognition trials a company may make a day (PRS_TRIALS_PER_DAY). */
  prsTrialsPerDay?: number;
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

/** The app, and the services its modules offer (main.ts listens on the broker's TCP port; tests tick engines). */
export interface BuiltApp {
  app: FastifyInstance;
  services: ModuleServices;
}

export const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 120_000 } as const;

export async function buildApp(options: AppOptions): Promise<BuiltApp> {
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

  // The core services, one instance each; every module takes the ones it uses.
  const { database } = options;
  const { db } = database;
  const tokens = new TokenService(db, options.serverSecret, options.jwtExpiresIn);
  const callers = new CallerLoader(database);
  const catalogue = new MenuCatalogue(db);
  const clock = options.clock ? { now: options.clock } : {};
  const modules = await startModules(
    // In the order their routes are added; each is created after the modules it depends on.
    [
      healthModule,
      signInModule({
        devOutbox: options.devOutbox,
        ...(options.smsProvider ? { smsProvider: options.smsProvider } : {}),
        ...(options.scanProvider ? { scanProvider: options.scanProvider } : {}),
        refuseDevelopmentProviders: options.refuseDevelopmentProviders ?? false,
      }),
      accountModule({ verifyCompany: options.verifyCompany }),
      menuModule,
      mqttModule({
        ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
        ...(options.mqttLogMaxRows !== undefined ? { logMaxRows: options.mqttLogMaxRows } : {}),
        ...(options.mqttLimits ? { limits: options.mqttLimits } : {}),
        brokerNode: options.mqttBroker ?? true,
      }),
      companyModule,
      objectsModule,
      noticesModule,
      systemModule,
      auditModule,
      accessKeysModule,
      devicesModule,
      tasksModule({ ...(options.taskTickMs !== undefined ? { tickMs: options.taskTickMs } : {}) }),
      terminalModule({ ...(options.terminal ? { relay: options.terminal } : {}) }),
      financeModule({
        ...(options.paymentProvider !== undefined ? { paymentProvider: options.paymentProvider } : {}),
        refuseDevelopmentProviders: options.refuseDevelopmentProviders ?? false,
        ...(options.bankAccount ? { bankAccount: options.bankAccount } : {}),
        ...(options.taskTickMs === 0 ? { tickMs: 0 } : {}),
      }),
      cbsModule,
      videoModule,
      algmallModule,
      hologramModule,
      adpkgModule,
      lvlmLabModule({
        ...options.lvlmLab,
        refuseDevelopmentProviders: options.refuseDevelopmentProviders ?? false,
      }),
      plateRecognitionModule({
        ...(options.plateEngine ? { engine: options.plateEngine } : {}),
        ...(options.prsTrialsPerDay !== undefined ? { trialsPerDay: options.prsTrialsPerDay } : {}),
        refuseDevelopmentProviders: options.refuseDevelopmentProviders ?? false,
      }),
      resourcesModule,
      campaignsModule,
      voipModule(options.voip),
      pluginCallsModule(options.pluginServers ?? []),
    ],
    {
      database,
      db,
      log: app.log,
      passwords: options.passwords,
      tokens,
      catalogue,
      store: new ObjectStore(db, objectBackend, options.serverSecret),
      callers,
      // Every spreadsheet import of every module takes one of these slots (core/http/import-slots.ts).
      importSlots: new ImportSlots({
        ...IMPORT_SLOTS,
        server: options.importConcurrency ?? IMPORT_SLOTS.server,
      }),
      // The WebSocket endpoints on this port: the broker's (on a broker node), the remote terminal's.
      upgrades: new Upgrades(app.server),
      secrets: new ServerSecrets(options.serverSecret),
      origin: () => {
        if (options.publicUrl) return options.publicUrl;
        const address = app.server.address();
        return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 80}`;
      },
      ...clock,
    },
  );
  app.addHook('onClose', () => modules.close());
  const { openApi } = modules.services['access-keys'];
  registerAccessControl(app, tokens, { callers, catalogue, openApi });

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
      for (const { routes } of modules.routes) await api.register(routes);
      await serve(
        api,
        OPERATIONS_CALLS.apiDocument,
        () => app.swagger() as CallAnswer<typeof OPERATIONS_CALLS.apiDocument>,
      );
    },
    { prefix: '/webapi' },
  );

  if (options.consoleDir) {
    await registerConsole(app, options.consoleDir, { serveSourceMaps: options.serveSourceMaps ?? true });
  } else app.setNotFoundHandler(sendNotFound);
  return { app, services: modules.services };
}
