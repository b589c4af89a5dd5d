/**
 * The cloud-storage calls (page cbs_dashboard): reading needs the page, opening or changing a
 * package its `buy` button, closing one its `close` button; all of them the company's product flag
 * cbs enabled (0), else 403 `product_disabled`.
 */
import {
  apiErrorSchema,
  CBS_PATHS,
  CLOUD_DEVICE_FILTERS,
  CLOUD_PACKAGE_FILTERS,
  cbsDashboardSchema,
  changeCloudPackageBodySchema,
  cloudDeviceSchema,
  cloudPackageChangeSchema,
  cloudPackageSchema,
  cloudPackagesQuerySchema,
  idParamsSchema,
  listPageSchema,
  listQuerySchema,
  openCloudPackagesBodySchema,
  type PageName,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { listFilters } from '../../core/http/list-query.js';
import { cbsCompanyOf } from './caller.js';
import type { CbsDashboards } from './dashboard.js';
import type { CloudPackages } from './packages.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const PAGE: PageName = 'cbs_dashboard';
const idParams = idParamsSchema;

export interface CbsRoutesOptions {
  db: Db;
  packages: CloudPackages;
  dashboards: CbsDashboards;
}

export const cbsRoutes: FastifyPluginAsyncZod<CbsRoutesOptions> = async (
  app,
  { db, packages, dashboards },
) => {
  const companyOfCaller = (request: FastifyRequest) => cbsCompanyOf(request, db);

  app.get(
    CBS_PATHS.dashboard,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['cbs'],
        summary: 'Cloud storage used against quota, packages near their quota, charges by month',
        security,
        response: { 200: cbsDashboardSchema, ...refusals },
      },
    },
    async (request) => dashboards.of(await companyOfCaller(request)),
  );

  app.get(
    CBS_PATHS.devices,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['cbs'],
        summary: "A page of the company's own devices with their cloud states, by serial",
        description: 'wheres (base64 JSON): sn like.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(cloudDeviceSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return packages.devices(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, CLOUD_DEVICE_FILTERS),
      });
    },
  );

  app.get(
    CBS_PATHS.packages,
    {
      config: { access: { page: PAGE } },
      schema: {
        tags: ['cbs'],
        summary: "A page of the company's cloud packages, newest first (closed ones when asked by state)",
        description: 'wheres (base64 JSON): service =, plan =, state =, sn like.',
        security,
        querystring: cloudPackagesQuerySchema,
        response: { 200: listPageSchema(cloudPackageSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres } = request.query;
      return packages.list(await companyOfCaller(request), {
        page,
        size,
        wheres: listFilters(wheres, CLOUD_PACKAGE_FILTERS),
      });
    },
  );

  app.post(
    CBS_PATHS.packages,
    {
      config: { access: { page: PAGE, button: 'buy' }, audit: 'cbs.package.open' },
      schema: {
        tags: ['cbs'],
        summary: "Opens a service on devices at once, each charged the rest of this month's price prorated",
        security,
        body: openCloudPackagesBodySchema,
        response: { 200: cloudPackageChangeSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      packages.open(
        await companyOfCaller(request),
        request.body,
        callerOf(request).userId,
        auditTrail(request),
      ),
  );

  app.put(
    CBS_PATHS.package.pattern,
    {
      config: { access: { page: PAGE, button: 'buy' }, audit: 'cbs.package.change' },
      schema: {
        tags: ['cbs'],
        summary: 'Another plan: larger at once (the difference prorated), smaller from next month',
        security,
        params: idParams,
        body: changeCloudPackageBodySchema,
        response: { 200: cloudPackageChangeSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      packages.change(
        await companyOfCaller(request),
        request.params.id,
        request.body.plan,
        callerOf(request).userId,
        auditTrail(request),
      ),
  );

  app.post(
    CBS_PATHS.close.pattern,
    {
      config: { access: { page: PAGE, button: 'close' }, audit: 'cbs.package.close' },
      schema: {
        tags: ['cbs'],
        summary: 'Closes a package at the start of next month (a free or suspended one at once)',
        security,
        params: idParams,
        response: { 200: cloudPackageChangeSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) => packages.close(await companyOfCaller(request), request.params.id, auditTrail(request)),
  );
};
