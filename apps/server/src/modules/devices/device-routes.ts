/**
 * The devices of page device_maintenance (spec §2.3, §3, §6), served from DEVICE_CALLS: the list
 * and one device, binding, editing, unbinding and moving. Those of the open API answer the access
 * key's groups only.
 */
import { DEVICE_CALLS } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { Devices } from './devices.js';
import { actorOf } from './records.js';

export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db; devices: Devices }> = async (
  app,
  { db, devices },
) => {
  await serve(app, DEVICE_CALLS.devices, async (request, _reply, query) =>
    devices.list(await permissionsOf(request, db), query),
  );
  await serve(app, DEVICE_CALLS.device, async (request) =>
    devices.detail(await permissionsOf(request, db), request.params.id),
  );
  await serve(app, DEVICE_CALLS.bind, async (request) =>
    devices.bind(await actorOf(request, db), request.body),
  );
  await serve(app, DEVICE_CALLS.edit, async (request) =>
    devices.edit(await actorOf(request, db), request.params.id, request.body),
  );
  await serve(app, DEVICE_CALLS.unbindOne, async (request) => {
    await devices.unbind(await actorOf(request, db), [request.params.id]);
  });
  await serve(app, DEVICE_CALLS.unbind, async (request) =>
    devices.unbind(await actorOf(request, db), request.body.device_ids),
  );
  await serve(app, DEVICE_CALLS.move, async (request) =>
    devices.move(await actorOf(request, db), request.body.device_ids, request.body.group_id),
  );
};
