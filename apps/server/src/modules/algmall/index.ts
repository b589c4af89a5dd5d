/**
 * The algorithm mall (issue 31; spec §1, §2.3): the vendor's algorithms as products, loaded by the
 * operator and read by every company.
 */
import { defineModule } from '../../core/modules.js';
import { ProductCatalogue } from './products.js';
import { algmallRoutes } from './routes.js';

export { seedDemoProducts } from './demo.js';
export { algmallCommands } from './ops.js';

export const algmallModule = defineModule({
  name: 'algmall',
  create: ({ db }) => {
    const catalogue = new ProductCatalogue(db);
    return { routes: async (app) => app.register(algmallRoutes, { catalogue }) };
  },
});
