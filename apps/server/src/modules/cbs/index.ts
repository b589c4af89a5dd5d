/**
 * Cloud storage (issue 17; spec §1 cloud backup and cloud video packages, cloud-storage dashboard;
 * §4.3 plan changes; §9 quotas): packages per device and service, billed from the balance each
 * accounting month on the finance schedule, and the devices' reports of their use.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import type { CompanyStanding, Ledger } from '../finance/index.js';
import type { Broker } from '../mqtt/index.js';
import { CloudBilling } from './billing.js';

export { seedDemoCloud } from './demo.js';
/** The company module asks before the product cbs is turned off. */
export { hasRunningPackages } from './packages.js';

import { CbsDashboards, nextMonthDue } from './dashboard.js';
import { CloudPackages } from './packages.js';
import { cbsRoutes } from './routes.js';
import { cbsSummaryRoutes } from './summary-routes.js';
import { CloudUsage, type UsageLog } from './usage.js';

export interface CloudStorage {
  packages: CloudPackages;
  billing: CloudBilling;
  usage: CloudUsage;
  /** Fen the company's packages are billed at the start of next month: its next bill's part. */
  nextMonthDue(companyId: number): Promise<number>;
  routes: FastifyPluginAsyncZod;
}

export function cloudStorage(options: {
  db: Db;
  ledger: Ledger;
  standing: CompanyStanding;
  broker: Broker;
  log: UsageLog;
  now?: () => number;
}): CloudStorage {
  const { db, ledger, standing, broker, log, now } = options;
  const packages = new CloudPackages(db, ledger, now);
  const billing = new CloudBilling(db, packages, ledger, standing, now);
  const dashboards = new CbsDashboards(db, ledger, now);
  const usage = new CloudUsage(db, log);
  broker.observe(usage);
  return {
    packages,
    billing,
    usage,
    nextMonthDue: (companyId) => nextMonthDue(db, companyId),
    routes: async (app) => {
      await app.register(cbsRoutes, { db, packages, dashboards });
      await app.register(cbsSummaryRoutes, { db });
    },
  };
}
