/**
 * Access keys (spec §2.2 `/accesskey`, §3, §5, §9; prefix /v1/pms/company): the company owner
 * creates, lists, disables, enables and deletes the keys with which third parties call the open API,
 * and lists the operations a key may be given. Owner only (`access: 'owner'`), but for the API debug
 * page's list of keys (ids and operations, never secrets; `openapi_debug`'s `send`); none of these
 * routes is itself open to access keys.
 */
import { ACCESS_KEY_CALLS } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf as companyOfCaller } from '../../core/auth/permissions.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { type Devices, unknownGroupIds } from '../devices/index.js';
import { DeviceManager } from './device-manager.js';
import { AccessKeys } from './keys.js';
import type { OpenApiGate } from './open-api.js';

export interface AccessKeyRouteOptions {
  db: Db;
  openApi: OpenApiGate;
  secretBox: SecretBox;
  /** The devices of a key's scope, for the open device manager. */
  devices: Pick<Devices, 'list'>;
}

export async function accessKeyRoutes(
  app: FastifyInstance,
  { db, openApi, secretBox, devices }: AccessKeyRouteOptions,
) {
  const keys = new AccessKeys(db, secretBox, () => openApi.operationIds());
  const deviceManager = new DeviceManager(db, secretBox, devices);

  await serve(app, ACCESS_KEY_CALLS.deviceManagerDevices, (request) => deviceManager.page(request.query));

  /** The owner's company (the hook admits only owners, who have one). */
  const companyOf = async (request: FastifyRequest) => companyOfCaller(await permissionsOf(request, db));

  await serve(app, ACCESS_KEY_CALLS.keys, async (request) => ({
    items: await keys.list(await companyOf(request)),
  }));

  await serve(app, ACCESS_KEY_CALLS.createKey, async (request) => {
    const companyId = await companyOf(request);
    const { body } = request;
    // The chosen groups are groups of the company (the device area's).
    if (!body.is_access_all_group && (await unknownGroupIds(db, companyId, body.group_ids)).length > 0) {
      throw new ApiError(404, 'group_unknown');
    }
    return keys.create(companyId, body, auditTrail(request));
  });

  await serve(app, ACCESS_KEY_CALLS.operations, () => ({ items: openApi.operations() }));

  // The API debug page picks a key here; its caller is any role with the page's `send` button.
  await serve(app, ACCESS_KEY_CALLS.debug, async (request) => ({
    keys: (await keys.list(await companyOf(request))).map(({ id, expires_at, disabled, operations }) => ({
      id,
      expires_at,
      disabled,
      operations,
    })),
    operations: openApi.operations(),
  }));

  await serve(app, ACCESS_KEY_CALLS.setKeyDisabled, async (request) =>
    keys.setDisabled(await companyOf(request), request.params.id, request.body.disabled, auditTrail(request)),
  );

  await serve(app, ACCESS_KEY_CALLS.removeKey, async (request) => {
    await keys.remove(await companyOf(request), request.params.id, auditTrail(request));
  });
}
