import { HOLOGRAM_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { servePublishing } from '../tasks/index.js';
import type { HologramSchemes } from './schemes.js';

/** Page hologram_parking's calls (spec §2.3; issue 32). */
export async function hologramRoutes(
  app: FastifyInstance,
  { db, schemes }: { db: Db; schemes: HologramSchemes },
) {
  await serve(app, HOLOGRAM_CALLS.schemes, async (request, _reply, list) =>
    schemes.page(await companyOfCaller(request, db), list),
  );
  await serve(app, HOLOGRAM_CALLS.fileToken, async (request) =>
    schemes.fileToken(await companyOfCaller(request, db), request.body),
  );
  await serve(app, HOLOGRAM_CALLS.create, async (request) =>
    schemes.create(await companyOfCaller(request, db), request.body, auditTrail(request)),
  );
  await serve(app, HOLOGRAM_CALLS.update, async (request) =>
    schemes.update(await companyOfCaller(request, db), request.params.id, request.body, auditTrail(request)),
  );
  await servePublishing(app, db, HOLOGRAM_CALLS, schemes);
}
