/**
 * The device groups (page device_maintenance; the writes need its button `group`), the binding
 * records (page device_bind_record) and the verification of a unit (page device_verify, button
 * `verify`).
 */
import {
  apiErrorSchema,
  BIND_RECORD_FILTERS,
  BIND_RECORD_ORDER_KEYS,
  bindRecordSchema,
  DEVICE_CALLS,
  DEVICE_PATHS,
  deviceGroupSchema,
  deviceIdParamsSchema,
  groupBodySchema,
  listPageSchema,
  listQuerySchema,
  verifyDeviceBodySchema,
  verifyResultSchema,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import type { BindRecords } from './bind-records.js';
import type { Groups } from './groups.js';
import { actorOf } from './records.js';
import type { Verification } from './verify.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const onGroup = { ...refusals, 404: apiErrorSchema, 409: apiErrorSchema };

export const groupRoutes: FastifyPluginAsyncZod<{
  db: Db;
  groups: Groups;
  records: BindRecords;
  verification: Verification;
}> = async (app, { db, groups, records, verification }) => {
  await serve(app, DEVICE_CALLS.groups, async (request) => groups.list(await permissionsOf(request, db)));

  app.post(
    DEVICE_PATHS.groups,
    {
      config: { access: { page: 'device_maintenance', button: 'group' }, audit: 'device_group.create' },
      schema: {
        tags: ['devices'],
        summary: 'Creates a group (needs all-group access)',
        security,
        body: groupBodySchema,
        response: { 200: deviceGroupSchema, ...onGroup },
      },
    },
    async (request) => groups.create(await actorOf(request, db), request.body),
  );

  app.put(
    DEVICE_PATHS.group.pattern,
    {
      config: { access: { page: 'device_maintenance', button: 'group' }, audit: 'device_group.update' },
      schema: {
        tags: ['devices'],
        summary: 'Renames a group or changes its maximum (never below its devices)',
        security,
        params: deviceIdParamsSchema,
        body: groupBodySchema,
        response: { 200: deviceGroupSchema, ...onGroup },
      },
    },
    async (request) => groups.update(await actorOf(request, db), request.params.id, request.body),
  );

  app.delete(
    DEVICE_PATHS.group.pattern,
    {
      config: { access: { page: 'device_maintenance', button: 'group' }, audit: 'device_group.delete' },
      schema: {
        tags: ['devices'],
        summary: 'Deletes a group; its devices become ungrouped (needs all-group access)',
        security,
        params: deviceIdParamsSchema,
        response: { 204: z.null(), ...onGroup },
      },
    },
    async (request, reply) => {
      await groups.remove(await actorOf(request, db), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    DEVICE_PATHS.bindRecords,
    {
      config: { access: { page: 'device_bind_record' } },
      schema: {
        tags: ['devices'],
        summary: "The binding records of the caller's company, by the group permission of each device",
        description:
          'wheres (base64 JSON): sn = or like, action =, source =, operator_id =, created_at >=, <= or between. ' +
          'orders: created_at, sn, action (default created_at desc).',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(bindRecordSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres, orders } = request.query;
      return records.list(await permissionsOf(request, db), {
        page,
        size,
        wheres: listFilters(wheres, BIND_RECORD_FILTERS),
        orders: listOrders(orders, BIND_RECORD_ORDER_KEYS),
      });
    },
  );

  app.post(
    DEVICE_PATHS.verify,
    {
      config: { access: { page: 'device_verify', button: 'verify' } },
      schema: {
        tags: ['devices'],
        summary: 'Whether a serial or device code is a genuine unit, and whether it can be bound',
        security,
        body: verifyDeviceBodySchema,
        response: { 200: verifyResultSchema, ...refusals, 429: apiErrorSchema },
      },
    },
    async (request) => verification.verify(await permissionsOf(request, db), request.body.code),
  );
};
