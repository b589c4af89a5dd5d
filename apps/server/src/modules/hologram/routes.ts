import { HOLOGRAM_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
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
  await serve(app, HOLOGRAM_CALLS.remove, async (request) => {
    await schemes.remove(await companyOfCaller(request, db), request.params.id, auditTrail(request));
  });
  await serve(app, HOLOGRAM_CALLS.deliveries, async (request, _reply, list) =>
    schemes.deliveries(await companyOfCaller(request, db), request.params.id, list),
  );
  await serve(app, HOLOGRAM_CALLS.publish, async (request) =>
    schemes.publish(
      await permissionsOf(request, db),
      request.params.id,
      request.body.device_ids,
      auditTrail(request),
    ),
  );
  await serve(app, HOLOGRAM_CALLS.retry, async (request) =>
    schemes.retry(
      await companyOfCaller(request, db),
      request.params.id,
      request.body.ids,
      auditTrail(request),
    ),
  );
  await serve(app, HOLOGRAM_CALLS.devices, async (request, _reply, list) =>
    schemes.devices(await permissionsOf(request, db), list),
  );
}
