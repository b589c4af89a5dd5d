/**
 * The calls of cloud storage (spec §7.7): packages of devices and their dashboard. Each needs page
 * cbs_dashboard (opening or changing a package its `buy` button, closing one its `close` button) and
 * the company's product flag cbs on (0), else 403 `product_disabled`.
 */

import { declareCalls, rowCalls } from './calls.js';
import { CBS_PATHS } from './paths-cbs.js';

const schemas = async () => ({
  ...(await import('./cbs.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
});

/** The cloud packages: opening or changing one needs the page's `buy` button. */
const packages = rowCalls(schemas, {
  page: 'cbs_dashboard',
  rows: CBS_PATHS.packages,
  row: CBS_PATHS.package.pattern,
  buttons: { create: 'buy', update: 'buy' },
});

export const CBS_CALLS = declareCalls(schemas, ['cbs'], {
  dashboard: {
    method: 'GET',
    path: CBS_PATHS.dashboard,
    access: { page: 'cbs_dashboard' },
    summary: 'Cloud storage used against quota, packages near their quota, charges by month',
    schemas: (s) => ({ response: s.cbsDashboardSchema }),
  },
  devices: {
    method: 'GET',
    path: CBS_PATHS.devices,
    access: { page: 'cbs_dashboard' },
    summary: "A page of the company's own devices with their cloud states, by serial",
    description: 'wheres (base64 JSON): sn like.',
    schemas: (s) => s.listSchemas(s.cloudDeviceSchema, s.CLOUD_DEVICE_FILTERS),
  },
  packages: packages.list({
    summary: "A page of the company's cloud packages, newest first (closed ones when asked by state)",
    description: 'wheres (base64 JSON): service =, plan =, state =, sn like.',
    schemas: (s) => s.listSchemas(s.cloudPackageSchema, s.CLOUD_PACKAGE_FILTERS),
  }),
  open: packages.create({
    audit: 'cbs.package.open',
    errors: [404, 409],
    summary: "Opens a service on devices at once, each charged the rest of this month's price prorated",
    schemas: (s) => ({ body: s.openCloudPackagesBodySchema, response: s.cloudPackageChangeSchema }),
  }),
  change: packages.update({
    audit: 'cbs.package.change',
    errors: [404, 409],
    summary: 'Another plan: larger at once (the difference prorated), smaller from next month',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.changeCloudPackageBodySchema,
      response: s.cloudPackageChangeSchema,
    }),
  }),
  close: {
    method: 'POST',
    path: CBS_PATHS.close.pattern,
    access: { page: 'cbs_dashboard', button: 'close' },
    audit: 'cbs.package.close',
    errors: [404, 409],
    summary: 'Closes a package at the start of next month (a free or suspended one at once)',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.cloudPackageChangeSchema }),
  },
  // The dashboard's card (issue 29): read-only, with the access of the cloud-storage page.
});
