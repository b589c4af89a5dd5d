/** The calls of spec §7.2 the system area makes, typed by @vap/contracts. */
import {
  type ChildCompany,
  type CompanyUser,
  type CreateUserBody,
  childCompanySchema,
  companyUserSchema,
  createdSchema,
  DEVICE_PATHS,
  type DeviceGroups,
  deviceGroupsSchema,
  type EditUserBody,
  type ListPage,
  type ListQuery,
  type Role,
  type RoleBody,
  type RoleChangeResult,
  roleChangeResultSchema,
  roleListSchema,
  SYSTEM_PATHS,
} from '@vap/contracts';
import type { CallOptions, HttpClient } from '@vap/kernel';

export interface SystemApi {
  users(query: ListQuery, options?: CallOptions): Promise<ListPage<CompanyUser>>;
  /** The downstream companies of the company (spec §7.2 GET /children). */
  children(query: ListQuery, options?: CallOptions): Promise<ListPage<ChildCompany>>;
  /** The password is already the md5 hex digest (spec §3 company user payload). */
  createUser(body: CreateUserBody): Promise<number>;
  setUserRole(id: number, roleId: number): Promise<void>;
  /** Nickname, email and remark (not the phone, which signs the user in). */
  editUser(id: number, body: EditUserBody): Promise<void>;
  /** Detaches the account from the company (spec §6); the account itself stays. */
  removeUser(id: number): Promise<void>;
  roles(): Promise<Role[]>;
  /** The same roles, through the users page's own call. */
  userRoleOptions(): Promise<Role[]>;
  createRole(body: RoleBody): Promise<number>;
  /** With `dryRun`, only answers whether the change is a reduction and how many users it affects. */
  updateRole(id: number, body: RoleBody, dryRun: boolean): Promise<RoleChangeResult>;
  deleteRole(id: number, dryRun: boolean): Promise<RoleChangeResult>;
  /**
   * The device groups the caller sees, to give a role or an access key (GET `DEVICE_PATHS.groups`;
   * 403 without the device_maintenance page). Quiet: the pages show a failure where the groups go.
   */
  deviceGroups(options?: CallOptions): Promise<DeviceGroups>;
}

export function createSystemApi(http: HttpClient): SystemApi {
  const dryRunQuery = (dryRun: boolean) => (dryRun ? { dry_run: 'true' } : {});
  return {
    users: (query, options) => http.list(SYSTEM_PATHS.users, query, companyUserSchema, options),
    children: (query, options) => http.list(SYSTEM_PATHS.children, query, childCompanySchema, options),
    createUser: async (body) => (await http.post(SYSTEM_PATHS.users, body, { schema: createdSchema })).id,
    setUserRole: async (id, roleId) => {
      await http.put(SYSTEM_PATHS.userRole(id), { role_id: roleId });
    },
    editUser: async (id, body) => {
      await http.put(SYSTEM_PATHS.user(id), body);
    },
    removeUser: async (id) => {
      await http.delete(SYSTEM_PATHS.user(id));
    },
    roles: async () => (await http.get(SYSTEM_PATHS.roles, { schema: roleListSchema })).items,
    userRoleOptions: async () =>
      (await http.get(SYSTEM_PATHS.userRoleOptions, { schema: roleListSchema })).items,
    createRole: async (body) => (await http.post(SYSTEM_PATHS.roles, body, { schema: createdSchema })).id,
    updateRole: (id, body, dryRun) =>
      http.put(SYSTEM_PATHS.role(id), body, { schema: roleChangeResultSchema, query: dryRunQuery(dryRun) }),
    deleteRole: (id, dryRun) =>
      http.delete(SYSTEM_PATHS.role(id), { schema: roleChangeResultSchema, query: dryRunQuery(dryRun) }),
    deviceGroups: (options) =>
      http.get(DEVICE_PATHS.groups, { ...options, schema: deviceGroupsSchema, quiet: true }),
  };
}
