/**
 * The Fastify application: /webapi and the console build. Built without listening, so that tests
 * drive it through `app.inject` and `main.ts` decides about ports, signals and the data directory.
 */
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { registerConsole } from './http/console-static.js';
import { registerErrorHandling, sendNotFound } from './http/errors.js';
import { accountRoutes } from './modules/account/routes.js';
import { AccountService } from './modules/account/service.js';
import { registerAccessControl } from './modules/auth/access.js';
import type { PasswordHasher } from './modules/auth/passwords.js';
import { authRoutes } from './modules/auth/routes.js';
import { TokenService } from './modules/auth/tokens.js';
import { healthRoutes } from './modules/health/routes.js';
import { MenuCatalogue } from './modules/menu/service.js';
import { mqttRoutes } from './modules/mqtt/routes.js';

export interface AppOptions {
  database: Database;
  passwords: PasswordHasher;
  jwtSecret: string;
  /** Token lifetime in seconds. */
  jwtExpiresIn: number;
  bodyLimit: number;
  verifyCompany: boolean;
  /** The console build to serve at `/`; null serves /webapi only. */
  consoleDir: string | null;
  logger?: FastifyServerOptions['logger'];
  version?: string;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit,
    // Behind a proxy the client address matters for later rate limits; the default is direct.
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const { db } = options.database;
  const tokens = new TokenService(db, options.jwtSecret, options.jwtExpiresIn);
  const accounts = new AccountService(db, new MenuCatalogue(db), options.verifyCompany);
  registerAccessControl(app, tokens);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'VAP platform API',
        description: 'The /webapi of VAP Console. Errors are `{ code, message }` in the caller language.',
        version: options.version ?? '0.0.0',
      },
      servers: [{ url: '/webapi' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
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
      await api.register(authRoutes, { accounts, passwords: options.passwords, tokens });
      await api.register(accountRoutes, { accounts });
      await api.register(mqttRoutes);
      api.get(
        '/api.json',
        { config: { access: 'public' }, schema: { hide: true } },
        // The OpenAPI document the open-platform debug page is driven by (spec §7).
        () => app.swagger(),
      );
    },
    { prefix: '/webapi' },
  );

  if (options.consoleDir) await registerConsole(app, options.consoleDir);
  else app.setNotFoundHandler(sendNotFound);
  return app;
}
