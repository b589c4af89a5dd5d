/** The company itself (spec §4.2, §5.3, §7.2) and the operator's verification review. */
import { defineModule } from '../../core/modules.js';
import { companyRoutes } from './routes.js';

export { companyCommands } from './ops.js';

export const companyModule = defineModule({
  name: 'company',
  create: ({ db, store }) => ({ routes: async (app) => app.register(companyRoutes, { db, store }) }),
});
