/**
 * The cloud-storage calls (CBS_CALLS, page cbs_dashboard): reading needs the page, opening or
 * changing a package its `buy` button, closing one its `close` button; all of them the company's
 * product flag cbs enabled (0), else 403 `product_disabled`.
 */
import { CBS_CALLS } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { productCompanyOf } from '../../core/http/product-gate.js';
import type { CbsDashboards } from './dashboard.js';
import type { CloudPackages } from './packages.js';

export interface CbsRoutesOptions {
  db: Db;
  packages: CloudPackages;
  dashboards: CbsDashboards;
}

export async function cbsRoutes(app: FastifyInstance, { db, packages, dashboards }: CbsRoutesOptions) {
  const companyOfCaller = (request: FastifyRequest) => productCompanyOf(request, db, 'cbs');

  await serve(app, CBS_CALLS.dashboard, async (request) => dashboards.of(await companyOfCaller(request)));
  await serve(app, CBS_CALLS.devices, async (request, _reply, list) =>
    packages.devices(await companyOfCaller(request), list),
  );
  await serve(app, CBS_CALLS.packages, async (request, _reply, list) =>
    packages.list(await companyOfCaller(request), list),
  );
  await serve(app, CBS_CALLS.open, async (request) =>
    packages.open(
      await companyOfCaller(request),
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, CBS_CALLS.change, async (request) =>
    packages.change(
      await companyOfCaller(request),
      request.params.id,
      request.body.plan,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, CBS_CALLS.close, async (request) =>
    packages.close(await companyOfCaller(request), request.params.id, auditTrail(request)),
  );
}
