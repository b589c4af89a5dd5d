/** System notices and the users' messages (spec §7.4), and the operator's commands for them. */
import { defineModule } from '../../core/modules.js';
import { noticeRoutes } from './routes.js';

export { noticeCommands } from './ops.js';

export const noticesModule = defineModule({
  name: 'notices',
  create: ({ db }) => ({ routes: async (app) => app.register(noticeRoutes, { db }) }),
});
export { messageOwners } from './service.js';
