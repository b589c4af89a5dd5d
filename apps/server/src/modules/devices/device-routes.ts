/**
 * The devices of page device_maintenance (spec §2.3, §3, §6): the list and one device need the
 * page; binding, editing, unbinding and moving need their button. List, detail, bind, rename and
 * unbind are part of the open API (docs/open-api.md), limited to the access key's groups.
 */
import {
  apiErrorSchema,
  batchResultSchema,
  bindDeviceBodySchema,
  DEVICE_FILTERS,
  DEVICE_ORDER_KEYS,
  DEVICE_PATHS,
  deviceIdParamsSchema,
  deviceSchema,
  editDeviceBodySchema,
  listPageSchema,
  listQuerySchema,
  moveDevicesBodySchema,
  unbindDevicesBodySchema,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import type { Devices } from './devices.js';
import { actorOf } from './records.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const onDevice = { ...refusals, 404: apiErrorSchema };
const onDevices = { ...onDevice, 409: apiErrorSchema };

export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db; devices: Devices }> = async (
  app,
  { db, devices },
) => {
  app.get(
    DEVICE_PATHS.devices,
    {
      config: { access: { page: 'device_maintenance' }, openApi: true },
      schema: {
        tags: ['devices'],
        summary:
          "The devices of the caller's company and its downstream companies (read-only), by group permission",
        description:
          'wheres (base64 JSON): sn = or like, name like, model = or in, group_id = or in (0: ungrouped), status =, ' +
          'network_mode =, firmware_version = or like, company_id =. orders: sn, name, model, firmware_version, ' +
          'status, last_online_at, bound_at (default bound_at desc).',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(deviceSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres, orders } = request.query;
      return devices.list(await permissionsOf(request, db), {
        page,
        size,
        wheres: listFilters(wheres, DEVICE_FILTERS),
        orders: listOrders(orders, DEVICE_ORDER_KEYS),
      });
    },
  );

  app.get(
    DEVICE_PATHS.device.pattern,
    {
      config: { access: { page: 'device_maintenance' }, openApi: true },
      schema: {
        tags: ['devices'],
        summary: 'One device the caller may see',
        security,
        params: deviceIdParamsSchema,
        response: { 200: deviceSchema, ...onDevice },
      },
    },
    async (request) => devices.detail(await permissionsOf(request, db), request.params.id),
  );

  app.post(
    DEVICE_PATHS.bind,
    {
      config: { access: { page: 'device_maintenance', button: 'bind' }, openApi: true, audit: 'device.bind' },
      schema: {
        tags: ['devices'],
        summary: 'Binds a unit by serial and device code, or as a GB28181 device, into a group or none',
        security,
        body: bindDeviceBodySchema,
        response: { 200: deviceSchema, ...onDevices },
      },
    },
    async (request) => devices.bind(await actorOf(request, db), request.body),
  );

  app.patch(
    DEVICE_PATHS.device.pattern,
    {
      config: {
        access: { page: 'device_maintenance', button: 'edit' },
        openApi: true,
        audit: 'device.update',
      },
      schema: {
        tags: ['devices'],
        summary: "Renames a device of the caller's company and changes its remark",
        security,
        params: deviceIdParamsSchema,
        body: editDeviceBodySchema,
        response: { 200: deviceSchema, ...onDevice },
      },
    },
    async (request) => devices.edit(await actorOf(request, db), request.params.id, request.body),
  );

  app.delete(
    DEVICE_PATHS.device.pattern,
    {
      config: {
        access: { page: 'device_maintenance', button: 'unbind' },
        openApi: true,
        audit: 'device.unbind',
      },
      schema: {
        tags: ['devices'],
        summary: "Unbinds a device of the caller's company: the unit returns to the factory pool",
        security,
        params: deviceIdParamsSchema,
        response: { 204: z.null(), ...onDevice },
      },
    },
    async (request, reply) => {
      await devices.unbind(await actorOf(request, db), [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.post(
    DEVICE_PATHS.unbind,
    {
      config: { access: { page: 'device_maintenance', button: 'unbind' }, audit: 'device.unbind' },
      schema: {
        tags: ['devices'],
        summary: "Unbinds the selected devices of the caller's company, all or none",
        security,
        body: unbindDevicesBodySchema,
        response: { 200: batchResultSchema, ...onDevice },
      },
    },
    async (request) => devices.unbind(await actorOf(request, db), request.body.device_ids),
  );

  app.post(
    DEVICE_PATHS.move,
    {
      config: { access: { page: 'device_maintenance', button: 'move' }, audit: 'device.move' },
      schema: {
        tags: ['devices'],
        summary: 'Moves the selected devices into a group (or out of every group), all or none',
        security,
        body: moveDevicesBodySchema,
        response: { 200: batchResultSchema, ...onDevices },
      },
    },
    async (request) =>
      devices.move(await actorOf(request, db), request.body.device_ids, request.body.group_id),
  );
};
