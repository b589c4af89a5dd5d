/**
 * Cloud storage (issue 17; spec §1 cloud backup and cloud video packages, cloud-storage dashboard;
 * §4.3 plan changes; §9 quotas): packages per device and service, billed from the balance each
 * accounting month on the finance schedule, and the devices' reports of their use.
 */
import { defineModule } from '../../core/modules.js';
import { CloudBilling } from './billing.js';

export { seedDemoCloud } from './demo.js';
/** The company module asks before the product cbs is turned off. */
/** Video detail asks which devices hold a cloud video package. */
export { hasRunningPackages, holdsPackage } from './packages.js';

import { CbsDashboards, nextMonthDue } from './dashboard.js';
import { CloudPackages } from './packages.js';
import { cbsRoutes } from './routes.js';
import { cbsSummaryRoutes } from './summary-routes.js';
import { CloudUsage } from './usage.js';

export interface CloudStorageServices {
  /** The devices' reports of their cloud storage: tests flush them. */
  usage: CloudUsage;
}

declare module '../../core/modules.js' {
  interface ModuleServices {
    cbs: CloudStorageServices;
  }
}

/**
 * Packages are billed from the finance module's ledger, on its schedule (added here), and their
 * next month is a part of its next bill; the devices' reports arrive through the MQTT module's broker.
 */
export const cbsModule = defineModule({
  name: 'cbs',
  dependencies: ['finance', 'mqtt'],
  create: ({ db, log, now }, { finance, mqtt: { broker } }) => {
    const { ledger, standing } = finance;
    const packages = new CloudPackages(db, ledger, now);
    const billing = new CloudBilling(db, packages, ledger, standing, now);
    const dashboards = new CbsDashboards(db, ledger, now);
    const usage = new CloudUsage(db, log);
    broker.observe(usage);
    finance.schedule.add({ name: 'bill cloud packages', run: () => billing.bill() });
    finance.schedule.add({ name: 'warn of renewals', run: () => billing.warnRenewals() });
    finance.nextBill.add((companyId) => nextMonthDue(db, companyId));
    return {
      services: { usage },
      routes: async (app) => {
        await app.register(cbsRoutes, { db, packages, dashboards });
        await app.register(cbsSummaryRoutes, { db });
      },
      close: () => usage.close(),
    };
  },
});
