/** The calls of cloud storage (CBS_PATHS of @vap/contracts), typed by its schemas. */
import {
  CBS_PATHS,
  type CbsDashboard,
  type CloudDevice,
  type CloudPackage,
  type CloudPackageChange,
  type CloudPlan,
  cbsDashboardSchema,
  cloudDeviceSchema,
  cloudPackageChangeSchema,
  cloudPackageSchema,
  type ListPage,
  type ListQuery,
  type OpenCloudPackagesBody,
} from '@vap/contracts';
import type { CallOptions, HttpClient } from '@vap/kernel';

export interface CbsApi {
  /** Usage against quota by service, packages near their quota, charges by month; quiet: the page says why. */
  dashboard(options?: CallOptions): Promise<CbsDashboard>;
  /** A page of the company's packages (closed ones only when a state filter asks for them). */
  packages(query: ListQuery, options?: CallOptions): Promise<ListPage<CloudPackage>>;
  /**
   * Opens one service and plan on each device, charging the rest of this month prorated. Quiet: the
   * dialog shows a refusal (a balance that does not cover it, a package that exists) in place.
   */
  open(body: OpenCloudPackagesBody): Promise<CloudPackageChange>;
  /** Another plan: larger at once (the difference charged), smaller from next month. Quiet, as `open`. */
  change(id: number, plan: CloudPlan): Promise<CloudPackageChange>;
  /** Closes the package at the start of next month (a free or suspended one at once). */
  close(id: number): Promise<CloudPackageChange>;
  /** A page of the company's own devices, with their cloud states. Quiet: the open dialog says why in place. */
  devices(query: ListQuery, options?: CallOptions): Promise<ListPage<CloudDevice>>;
}

export function createCbsApi(http: HttpClient): CbsApi {
  return {
    dashboard: (options) =>
      http.get(CBS_PATHS.dashboard, { ...options, schema: cbsDashboardSchema, quiet: true }),
    packages: (query, options) => http.list(CBS_PATHS.packages, query, cloudPackageSchema, options),
    open: (body) => http.post(CBS_PATHS.packages, body, { schema: cloudPackageChangeSchema, quiet: true }),
    change: (id, plan) =>
      http.put(CBS_PATHS.package(id), { plan }, { schema: cloudPackageChangeSchema, quiet: true }),
    close: (id) => http.post(CBS_PATHS.close(id), undefined, { schema: cloudPackageChangeSchema }),
    devices: (query, options) =>
      http.list(CBS_PATHS.devices, query, cloudDeviceSchema, { ...options, quiet: true }),
  };
}
