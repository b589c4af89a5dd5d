/**
 * The system area (spec §7.2, prefix /v1/pms/company): company users and roles. Each route
 * declares the menu page and button it needs; the access hook refuses the rest (403), and the
 * services scope every query to the caller's company and apply the rules of §6.
 */
import { defineModule } from '../../core/modules.js';
import { childRoutes } from './children-routes.js';
import { roleRoutes } from './roles-routes.js';
import { userRoutes } from './users-routes.js';

/** Every company starts with it (the company module, the demo seed). */
export { createDefaultRole } from './roles.js';

export const systemModule = defineModule({
  name: 'system',
  create: ({ db, passwords, catalogue }) => ({
    routes: async (app) => {
      const options = { db, passwords, catalogue };
      await app.register(userRoutes, options);
      await app.register(roleRoutes, options);
      await app.register(childRoutes, options);
    },
  }),
});
