/** The owner's audit log page and its export; entries are written by core/audit/recorder.ts. */
import { defineModule } from '../../core/modules.js';
import { auditRoutes } from './routes.js';

export const auditModule = defineModule({
  name: 'audit',
  create: ({ db }) => ({ routes: async (app) => app.register(auditRoutes, { db }) }),
});
