/**
 * The algorithm mall (issue 31; spec §1, §2.3): the vendor's algorithms as products, loaded by the
 * operator and read by every company, and the companies' orders of authorisations.
 */
import { defineModule } from '../../core/modules.js';
import { AlgmallOrders } from './orders.js';
import { ProductCatalogue } from './products.js';
import { algmallRoutes } from './routes.js';

export { seedDemoProducts } from './demo.js';
export { algmallCommands } from './ops.js';

/** An order is paid from the balance: the finance module's ledger posts its charge. */
export const algmallModule = defineModule({
  name: 'algmall',
  dependencies: ['finance'],
  create: ({ db, now }, { finance }) => {
    const catalogue = new ProductCatalogue(db);
    const orders = new AlgmallOrders(db, finance.ledger, now);
    return { routes: async (app) => app.register(algmallRoutes, { db, catalogue, orders }) };
  },
});
