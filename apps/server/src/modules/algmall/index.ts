/**
 * The algorithm mall (issue 31; spec §1, §2.3): the vendor's algorithms as products, loaded by the
 * operator and read by every company, and the companies' orders of authorisations.
 */
import { defineModule } from '../../core/modules.js';
import { AlgmallAuthorisations } from './authorisations.js';
import { LicenceSigner } from './licences.js';
import { OfflineAuthorisations } from './offline.js';
import { AlgmallOrders } from './orders.js';
import { ProductCatalogue } from './products.js';
import { algmallRoutes } from './routes.js';

export { seedDemoProducts } from './demo.js';
export { algmallCommands } from './ops.js';

export interface AlgmallServices {
  /** The licence key devices verify with: the demo's simulated units are given it. */
  licenceKey: string;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    algmall: AlgmallServices;
  }
}

/**
 * An order is paid from the balance: the finance module's ledger posts its charge. An online
 * authorisation's licence travels as a job of the tasks module's engine.
 */
export const algmallModule = defineModule({
  name: 'algmall',
  dependencies: ['finance', 'tasks'],
  create: ({ db, now, secrets }, { finance, tasks }) => {
    const catalogue = new ProductCatalogue(db);
    const orders = new AlgmallOrders(db, finance.ledger, now);
    const signer = new LicenceSigner(secrets.serverSecret);
    const authorisations = new AlgmallAuthorisations(db, tasks.engine, signer, now);
    const offline = new OfflineAuthorisations(db, signer, now);
    return {
      services: { licenceKey: signer.publicKey },
      routes: async (app) => app.register(algmallRoutes, { db, catalogue, orders, authorisations, offline }),
    };
  },
});
