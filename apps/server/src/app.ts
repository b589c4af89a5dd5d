/**
 * The Fastify application: /webapi and the console build. Built without listening, so that tests
 * drive it through `app.inject` and `main.ts` decides about ports, signals and the data directory.
 */
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { registerCompression } from './http/compress.js';
import { registerConsole } from './http/console-static.js';
import { answerClientError, registerErrorHandling, sendNotFound } from './http/errors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { refuseNulCharacters } from './http/text-input.js';
import { OpenApiGate } from './modules/access-keys/open-api.js';
import { accessKeyRoutes } from './modules/access-keys/routes.js';
import { SecretBox } from './modules/access-keys/secret-box.js';
import { accountRoutes } from './modules/account/routes.js';
import { AccountService } from './modules/account/service.js';
import { auditRoutes } from './modules/audit/routes.js';
import { registerAccessControl } from './modules/auth/access.js';
import { CallerLoader } from './modules/auth/caller.js';
import type { PasswordHasher } from './modules/auth/passwords.js';
import { authRoutes } from './modules/auth/routes.js';
import { TokenService } from './modules/auth/tokens.js';
import { companyRoutes } from './modules/company/routes.js';
import type { ModuleDeps } from './modules/deps.js';
import { healthRoutes } from './modules/health/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { MenuCatalogue } from './modules/menu/service.js';
import { mqttRoutes } from './modules/mqtt/routes.js';
import { noticeRoutes } from './modules/notices/routes.js';
import type { ScanLoginProvider, SmsProvider } from './modules/security/providers.js';
import { securityRoutes } from './modules/security/routes.js';
import { systemRoutes } from './modules/system/routes.js';

export interface AppOptions {
  database: Database;
  passwords: PasswordHasher;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  jwtExpiresIn: number;
  bodyLimit: number;
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
  /** Where the object store keeps its files (`{dataDir}/objects`). */
  dataDir: string;
  /** Keep what the development SMS and scan providers send, for `GET /webapi/dev/outbox`. */
  devOutbox: boolean;
  /** Real SMS and scan sign-in providers; the development ones when absent (docs/operations.md). */
  smsProvider?: SmsProvider;
  scanProvider?: ScanLoginProvider;
  logger?: FastifyServerOptions['logger'];
  version?: string;
  /**
   * Told of every route as it is added, before any is (Fastify keeps no list of its routes). The
   * authorization matrix test uses it to walk every /webapi route, including those added later.
   */
  onRoute?: (route: RouteOptions) => void;
}

export const DEFAULT_TIMEOUTS = { headersMs: 10_000, requestMs: 120_000 } as const;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit,
    // Behind a proxy the client address matters for later rate limits; the default is direct.
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    // A slow client does not hold a connection for Node's 60 s header and 300 s request defaults;
    // the timeouts are checked every second rather than every 30 s.
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: 1_000 },
    requestTimeout: timeouts.requestMs,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseNulCharacters(app);
  await registerSecurityHeaders(app);
  await registerCompression(app);

  const { db } = options.database;
  const tokens = new TokenService(db, options.jwtSecret, options.jwtExpiresIn);
  const catalogue = new MenuCatalogue(db);
  const accounts = new AccountService(db, catalogue, options.verifyCompany);
  // Access-key secrets are sealed under a key derived from the token secret (access-keys/secret-box.ts).
  const secretBox = new SecretBox(options.jwtSecret);
  const openApi = new OpenApiGate(db, secretBox);
  registerAccessControl(app, tokens, { callers: new CallerLoader(db), catalogue, openApi });
  /** What the route modules of the account, company and notice areas share. */
  const deps: ModuleDeps = {
    database: options.database,
    passwords: options.passwords,
    tokens,
    accounts,
    options,
  };

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
      await api.register(healthRoutes, { database: options.database });
      await api.register(authRoutes, deps);
      await api.register(accountRoutes, { accounts });
      await api.register(menuRoutes, { catalogue });
      await api.register(mqttRoutes);
      await api.register(securityRoutes, deps);
      await api.register(companyRoutes, deps);
      await api.register(noticeRoutes, deps);
      await api.register(systemRoutes, deps);
      await api.register(auditRoutes, deps);
      await api.register(accessKeyRoutes, { ...deps, openApi, secretBox });
      api.get(
        '/api.json',
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
