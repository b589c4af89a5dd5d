/** The company itself (spec §7.2): creation, display settings, verification, upload tokens. */
import { COMPANY_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { ObjectStore } from '../../core/storage/objects.js';
import { CompanyService } from './service.js';

/** A 1 MB logo is 1.4 MB of base64: room for it, and a clear 'logo tip' for somewhat larger ones. */
const COMPANY_BODY_LIMIT = 2 * 1024 * 1024;

export interface CompanyModuleOptions {
  db: Db;
  store: ObjectStore;
}

export async function companyRoutes(app: FastifyInstance, { db, store }: CompanyModuleOptions) {
  const service = new CompanyService(db, store);

  await serve(app, COMPANY_CALLS.createCompany, (request) =>
    service.createCompany(callerOf(request).userId, request.body, auditTrail(request)),
  );
  await serve(app, COMPANY_CALLS.company, (request) => service.detail(callerOf(request).userId));
  await serve(
    app,
    COMPANY_CALLS.updateCompany,
    async (request) => {
      await service.updateCompany(callerOf(request).userId, request.body, auditTrail(request));
    },
    { bodyLimit: COMPANY_BODY_LIMIT },
  );
  await serve(app, COMPANY_CALLS.uploadToken, (request) =>
    service.uploadToken(callerOf(request).userId, request.body),
  );
}
