import { ADPKG_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { servePublishing } from '../tasks/index.js';
import type { AdPackages } from './packages.js';

/** Pages adpkg_management's and adpkg_design's calls (spec §2.3; issue 32). */
export async function adpkgRoutes(app: FastifyInstance, { db, packages }: { db: Db; packages: AdPackages }) {
  await serve(app, ADPKG_CALLS.packages, async (request, _reply, list) =>
    packages.page(await companyOfCaller(request, db), list),
  );
  await serve(app, ADPKG_CALLS.one, async (request) =>
    packages.one(await companyOfCaller(request, db), request.params.id),
  );
  await serve(app, ADPKG_CALLS.fileToken, async (request) =>
    packages.fileToken(await companyOfCaller(request, db), request.body),
  );
  await serve(app, ADPKG_CALLS.create, async (request) =>
    packages.create(await companyOfCaller(request, db), request.body, auditTrail(request)),
  );
  await serve(app, ADPKG_CALLS.update, async (request) =>
    packages.update(await companyOfCaller(request, db), request.params.id, request.body, auditTrail(request)),
  );
  await servePublishing(app, db, ADPKG_CALLS, packages);
}
