import { pathWithId } from './path-with-id.js';

/** The calls of spec §7.2 under /v1/pms/company that the system area uses. */
export const SYSTEM_PATHS = {
  users: '/v1/pms/company/users',
  /** PUT edits, DELETE detaches, POST gives another role (spec §7.2 lists both role calls). */
  user: pathWithId('/v1/pms/company/users/:id'),
  userRole: pathWithId('/v1/pms/company/users/:id/role'),
  /** GET: one user of the caller's company (spec §7.1 GET /v1/pms/users/{id}). */
  userById: pathWithId('/v1/pms/users/:id'),
  /** The company's roles as the users page needs them (same answer as `roles`). */
  userRoleOptions: '/v1/pms/company/users/roles',
  roles: '/v1/pms/company/roles',
  /** The downstream companies of the caller's company (spec §7.2 GET /children). */
  children: '/v1/pms/company/children',
  role: pathWithId('/v1/pms/company/roles/:id'),
} as const;

/** The calls under /v1/pms/company of the access-key page; owner only. */
export const ACCESS_KEY_PATHS = {
  /** GET: the company's keys (`{ items }`); POST: creates one (answers the secret, once). */
  keys: '/v1/pms/company/access_keys',
  /** PATCH: disables or enables a key; DELETE: deletes it. */
  key: pathWithId('/v1/pms/company/access_keys/:id'),
  /** GET: the open operations a key may be given (`{ items }`). */
  operations: '/v1/pms/company/access_keys/operations',
  /** GET: the keys (ids, never secrets) and open operations the API debug page signs with (`openapi_debug`). */
  debug: '/v1/pms/company/access_keys/debug',
} as const;

/** The calls of the audit log (prefix /v1/pms/company). */
export const AUDIT_PATHS = {
  /** GET: a page of entries (list query: page, size, wheres, orders). */
  list: '/v1/pms/company/audit_logs',
  /** GET: the entries as CSV (text/csv, UTF-8 with BOM, header row), same wheres/orders. */
  export: '/v1/pms/company/audit_logs/export',
} as const;
