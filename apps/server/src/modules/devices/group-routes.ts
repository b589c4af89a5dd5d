/**
 * The device groups, the binding records and the verification of a unit, served from DEVICE_CALLS.
 */
import { DEVICE_CALLS } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { BindRecords } from './bind-records.js';
import type { Groups } from './groups.js';
import { actorOf } from './records.js';
import type { Verification } from './verify.js';

export const groupRoutes: FastifyPluginAsyncZod<{
  db: Db;
  groups: Groups;
  records: BindRecords;
  verification: Verification;
}> = async (app, { db, groups, records, verification }) => {
  await serve(app, DEVICE_CALLS.groups, async (request) => groups.list(await permissionsOf(request, db)));
  await serve(app, DEVICE_CALLS.createGroup, async (request) =>
    groups.create(await actorOf(request, db), request.body),
  );
  await serve(app, DEVICE_CALLS.updateGroup, async (request) =>
    groups.update(await actorOf(request, db), request.params.id, request.body),
  );
  await serve(app, DEVICE_CALLS.deleteGroup, async (request) => {
    await groups.remove(await actorOf(request, db), request.params.id);
  });
  await serve(app, DEVICE_CALLS.bindRecords, async (request, _reply, query) =>
    records.list(await permissionsOf(request, db), query),
  );
  await serve(app, DEVICE_CALLS.verify, async (request) =>
    verification.verify(await permissionsOf(request, db), request.body.code),
  );
};
