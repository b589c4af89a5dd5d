/**
 * Access keys (spec §2.2 `/accesskey`, §3, §5, §9; prefix /v1/pms/company): the company owner
 * creates, lists, disables, enables and deletes the keys with which third parties call the open API,
 * and lists the operations a key may be given. Owner only (`access: 'owner'`); none of these routes
 * is itself open to access keys.
 */
import {
  ACCESS_KEY_PATHS,
  accessKeyCreatedSchema,
  accessKeyIdParamsSchema,
  accessKeySchema,
  accessKeyStateBodySchema,
  apiErrorSchema,
  createAccessKeyBodySchema,
  DEVICE_MANAGER_PATHS,
  deviceManagerQuerySchema,
  listPageSchema,
  openDeviceSchema,
  openOperationsSchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf as companyOfCaller } from '../../core/auth/permissions.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { ApiError } from '../../core/http/errors.js';
import { type Devices, unknownGroupIds } from '../devices/index.js';
import { DeviceManager } from './device-manager.js';
import { AccessKeys } from './keys.js';
import type { OpenApiGate } from './open-api.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const actOnKey = { ...refusals, 404: apiErrorSchema };

export interface AccessKeyRouteOptions {
  db: Db;
  openApi: OpenApiGate;
  secretBox: SecretBox;
  /** The devices of a key's scope, for the open device manager. */
  devices: Pick<Devices, 'list'>;
}

export const accessKeyRoutes: FastifyPluginAsyncZod<AccessKeyRouteOptions> = async (
  app,
  { db, openApi, secretBox, devices },
) => {
  const keys = new AccessKeys(db, secretBox, () => openApi.operationIds());
  const deviceManager = new DeviceManager(db, secretBox, devices);

  app.get(
    DEVICE_MANAGER_PATHS.devices,
    {
      // The link signs it (device-manager.ts): a portal's visitors have no session.
      config: { access: 'public' },
      schema: {
        tags: ['access keys'],
        summary: "The open device manager: a page of a signed link's access key's devices, read-only",
        description:
          'key_id, expires (Unix seconds) and signature: hex HMAC-SHA256 with the key secret of ' +
          '"VAP-DEVICE-MANAGER-HMAC-SHA256\\n{key_id}\\n{expires}". 403 link_expired or link_invalid.',
        querystring: deviceManagerQuerySchema,
        response: { 200: listPageSchema(openDeviceSchema), 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => deviceManager.page(request.query),
  );
  /** The owner's company (the hook admits only owners, who have one). */
  const companyOf = async (request: FastifyRequest) => companyOfCaller(await permissionsOf(request, db));

  app.get(
    ACCESS_KEY_PATHS.keys,
    {
      config: { access: 'owner' },
      schema: {
        tags: ['access keys'],
        summary: "The company's access keys, newest first (never their secrets)",
        security,
        response: { 200: z.object({ items: z.array(accessKeySchema) }), ...refusals },
      },
    },
    async (request) => ({ items: await keys.list(await companyOf(request)) }),
  );

  app.post(
    ACCESS_KEY_PATHS.keys,
    {
      config: { access: 'owner', audit: 'access_key.create' },
      schema: {
        tags: ['access keys'],
        summary: 'Creates an access key valid ten years; the answer carries its secret, shown this once only',
        description:
          'bandwidth_mbps: a multiple of 0.25, more than 0, at most 1000. operations: ids from GET …/access_keys/operations. expires_at cannot be given (400).',
        security,
        body: createAccessKeyBodySchema,
        response: { 200: accessKeyCreatedSchema, ...refusals, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const companyId = await companyOf(request);
      const { body } = request;
      // The chosen groups are groups of the company (the device area's).
      if (!body.is_access_all_group && (await unknownGroupIds(db, companyId, body.group_ids)).length > 0) {
        throw new ApiError(404, 'group_unknown');
      }
      return keys.create(companyId, body, auditTrail(request));
    },
  );

  app.get(
    ACCESS_KEY_PATHS.operations,
    {
      config: { access: 'owner' },
      schema: {
        tags: ['access keys'],
        summary: 'The operations of the open API an access key may be given',
        security,
        response: { 200: openOperationsSchema, ...refusals },
      },
    },
    async () => ({ items: openApi.operations() }),
  );

  app.patch(
    ACCESS_KEY_PATHS.key.pattern,
    {
      config: { access: 'owner', audit: 'access_key.update' },
      schema: {
        tags: ['access keys'],
        summary: 'Disables (disabled: true) or enables (disabled: false) an access key',
        security,
        params: accessKeyIdParamsSchema,
        body: accessKeyStateBodySchema,
        response: { 200: accessKeySchema, ...actOnKey },
      },
    },
    async (request) =>
      keys.setDisabled(
        await companyOf(request),
        request.params.id,
        request.body.disabled,
        auditTrail(request),
      ),
  );

  app.delete(
    ACCESS_KEY_PATHS.key.pattern,
    {
      config: { access: 'owner', audit: 'access_key.delete' },
      schema: {
        tags: ['access keys'],
        summary: 'Deletes an access key; requests signed with it are refused from now on',
        security,
        params: accessKeyIdParamsSchema,
        response: { 204: z.null(), ...actOnKey },
      },
    },
    async (request, reply) => {
      await keys.remove(await companyOf(request), request.params.id, auditTrail(request));
      return reply.code(204).send(null);
    },
  );
};
