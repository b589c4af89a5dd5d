import { pathWithId } from './path-with-id.js';

export const CBS_PATHS = {
  /** GET: a page of the company's packages (list query); POST: open packages on devices. */
  packages: '/v1/cbs/company/packages',
  /** PUT: another plan for a package. */
  package: pathWithId('/v1/cbs/company/packages/:id'),
  /** POST: the package closes at the start of next month. */
  close: pathWithId('/v1/cbs/company/packages/:id/close'),
  /** GET: usage against quota, charges by month, packages near their quota. */
  dashboard: '/v1/cbs/company/dashboard',
  /** GET: a page of the company's own devices with their cloud states, to open packages on. */
  devices: '/v1/cbs/company/devices',
  /** GET: space used against quota, packages near or over a quota (the dashboard's card). */
  summary: '/v1/cbs/company/summary',
} as const;
