/** The probes of the server and its database (livez, healthz). */
import { defineModule } from '../../core/modules.js';
import { healthRoutes } from './routes.js';

export const healthModule = defineModule({
  name: 'health',
  create: ({ database }) => ({ routes: async (app) => app.register(healthRoutes, { database }) }),
});
