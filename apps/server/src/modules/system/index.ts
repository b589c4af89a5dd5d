/**
 * The system area (spec §7.2, prefix /v1/pms/company): company users and roles. Each route
 * declares the menu page and button it needs; the access hook refuses the rest (403), and the
 * services scope every query to the caller's company and apply the rules of §6.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { Db } from '../../core/db/client.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { childRoutes } from './children-routes.js';
import { roleRoutes } from './roles-routes.js';
import { userRoutes } from './users-routes.js';

/** Every company starts with it (the company module, the demo seed). */
export { createDefaultRole } from './roles.js';

export interface SystemModuleOptions {
  db: Db;
  passwords: PasswordHasher;
  catalogue: MenuCatalogue;
}

export const systemModule: FastifyPluginAsyncZod<SystemModuleOptions> = async (app, options) => {
  await app.register(userRoutes, options);
  await app.register(roleRoutes, options);
  await app.register(childRoutes, options);
};
