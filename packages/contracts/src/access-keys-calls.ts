/** The calls of the access-key page and the open device manager (docs/open-api.md). */

import { declareCalls } from './calls.js';
import { DEVICE_MANAGER_PATHS } from './paths-devices.js';
import { ACCESS_KEY_PATHS } from './paths-system.js';

const schemas = async () => ({ ...(await import('./access-keys.js')), ...(await import('./list.js')) });

// The owner alone manages the keys (spec §2.2 `/accesskey`); none of these calls is itself open to
// access keys. The API debug page's roles read the keys' ids and operations (`debug`).
export const ACCESS_KEY_CALLS = declareCalls(schemas, ['access keys'], {
  // The link signs it (the server's device-manager.ts): a portal's visitors have no session.
  deviceManagerDevices: {
    method: 'GET',
    path: DEVICE_MANAGER_PATHS.devices,
    access: 'public',
    errors: [403],
    summary: "The open device manager: a page of a signed link's access key's devices, read-only",
    description:
      'key_id, expires (Unix seconds) and signature: hex HMAC-SHA256 with the key secret of ' +
      '"VAP-DEVICE-MANAGER-HMAC-SHA256\\n{key_id}\\n{expires}". 403 link_expired or link_invalid.',
    schemas: (s) => ({ query: s.deviceManagerQuerySchema, response: s.listPageSchema(s.openDeviceSchema) }),
  },
  keys: {
    method: 'GET',
    path: ACCESS_KEY_PATHS.keys,
    access: 'owner',
    // The refusals the page's routes have always listed.
    errors: [400],
    summary: "The company's access keys, newest first (never their secrets)",
    schemas: (s) => ({ response: s.accessKeyListSchema }),
  },
  createKey: {
    method: 'POST',
    path: ACCESS_KEY_PATHS.keys,
    access: 'owner',
    audit: 'access_key.create',
    errors: [404, 409],
    summary: 'Creates an access key valid ten years; the answer carries its secret, shown this once only',
    description:
      'bandwidth_mbps: a multiple of 0.25, more than 0, at most 1000. operations: ids from GET …/access_keys/operations. expires_at cannot be given (400).',
    schemas: (s) => ({ body: s.createAccessKeyBodySchema, response: s.accessKeyCreatedSchema }),
  },
  operations: {
    method: 'GET',
    path: ACCESS_KEY_PATHS.operations,
    access: 'owner',
    errors: [400],
    summary: 'The operations of the open API an access key may be given',
    schemas: (s) => ({ response: s.openOperationsSchema }),
  },
  // The open API debug page (spec §2.3 `openapi_debug`): the one thing it asks the server is which keys
  // to sign with; the signed request itself goes from the browser straight to the open operation.
  // Without the page's `send` button the page has nothing to send with.
  debug: {
    method: 'GET',
    path: ACCESS_KEY_PATHS.debug,
    access: { page: 'openapi_debug', button: 'send' },
    summary:
      "The company's access keys (never their secrets) and the open operations, for the API debug page",
    schemas: (s) => ({ response: s.openApiDebugSchema }),
  },
  setKeyDisabled: {
    method: 'PATCH',
    path: ACCESS_KEY_PATHS.key.pattern,
    access: 'owner',
    audit: 'access_key.update',
    errors: [404],
    summary: 'Disables (disabled: true) or enables (disabled: false) an access key',
    schemas: (s) => ({
      params: s.accessKeyIdParamsSchema,
      body: s.accessKeyStateBodySchema,
      response: s.accessKeySchema,
    }),
  },
  removeKey: {
    method: 'DELETE',
    path: ACCESS_KEY_PATHS.key.pattern,
    access: 'owner',
    audit: 'access_key.delete',
    errors: [404],
    summary: 'Deletes an access key; requests signed with it are refused from now on',
    schemas: (s) => ({ params: s.accessKeyIdParamsSchema, response: null }),
  },
});
