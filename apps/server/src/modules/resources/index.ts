/**
 * The resources (issue 32; spec §1, §2.1 `/sharePage`, `/official`, §2.3 `resource_download`,
 * `resource_management`): the vendor's downloadable files loaded by the operator, a company's own
 * with the product flag `rsrc_mgt`, share links valid 1, 3 or 7 days, and the official page's
 * skip-login grants.
 */
import { defineModule } from '../../core/modules.js';
import { ResourceCatalogue } from './catalogue.js';
import { ResourceLinks } from './links.js';
import { resourceRoutes } from './routes.js';

export { seedDemoResources } from './demo.js';
export { resourceCommands } from './ops.js';

export const resourcesModule = defineModule({
  name: 'resources',
  create: ({ db, store, now }) => {
    const catalogue = new ResourceCatalogue(db, store);
    const links = new ResourceLinks(db, now);
    return { routes: async (app) => app.register(resourceRoutes, { db, store, catalogue, links }) };
  },
});
