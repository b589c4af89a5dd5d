/** The calls of the system area (spec §6, §7.2): company users, roles and downstream companies. */

import { declareCalls, rowCalls } from './calls.js';
import { SYSTEM_PATHS } from './paths-system.js';

const schemas = async () => ({ ...(await import('./system.js')), ...(await import('./list.js')) });

type Schemas = Awaited<ReturnType<typeof schemas>>;

const users = rowCalls(schemas, {
  page: 'system_user',
  rows: SYSTEM_PATHS.users,
  row: SYSTEM_PATHS.user.pattern,
});
const roles = rowCalls(schemas, {
  page: 'system_role',
  rows: SYSTEM_PATHS.roles,
  row: SYSTEM_PATHS.role.pattern,
});

/** Giving a user another role, which two calls of spec §7.2 do. */
const setUserRole = {
  access: { page: 'system_user', button: 'role' },
  audit: 'system.user.role',
  errors: [404],
  summary: 'Gives a user of the company another role (never oneself, the owner or a wider account)',
  schemas: (s: Schemas) => ({ params: s.systemIdParamsSchema, body: s.userRoleBodySchema, response: null }),
} as const;

export const SYSTEM_CALLS = declareCalls(schemas, ['system'], {
  // The two read-only lists of the system area are open to access keys (docs/open-api.md): they
  // let a third party mirror the company's staff and roles into its own systems, change nothing,
  // and answer only the key's company. Writes stay with signed-in users, where §6 rules about who
  // may grant what apply to a person.
  users: users.list({
    openApi: true,
    summary: "The users of the caller's company",
    description:
      'wheres (base64 JSON): phone = or like, nickname like, role_id =. orders: created_at, phone, nickname, role_id.',
    schemas: (s) => s.listSchemas(s.companyUserSchema, s.USER_FILTERS, s.USER_ORDER_KEYS),
  }),
  user: {
    method: 'GET',
    path: SYSTEM_PATHS.userById.pattern,
    access: { page: 'system_user' },
    openApi: true,
    errors: [404],
    summary: "One user of the caller's company, as the users list shows them (spec §7.1)",
    schemas: (s) => ({ params: s.systemIdParamsSchema, response: s.companyUserSchema }),
  },
  createUser: users.create({
    audit: 'system.user.create',
    errors: [404, 409],
    summary: 'Adds a user to the company with a role no wider than the caller’s',
    schemas: (s) => ({ body: s.createUserBodySchema, response: s.createdSchema }),
  }),
  // Spec §7.2 lists both calls for the same change: POST on the user, PUT on its role.
  setUserRole: { method: 'PUT', path: SYSTEM_PATHS.userRole.pattern, ...setUserRole },
  setUserRoleByPost: { method: 'POST', path: SYSTEM_PATHS.user.pattern, ...setUserRole },
  editUser: users.update({
    audit: 'system.user.update',
    errors: [404, 409],
    summary: "Changes a user's nickname, email and remark (never oneself, the owner or a wider account)",
    schemas: (s) => ({ params: s.systemIdParamsSchema, body: s.editUserBodySchema, response: null }),
  }),
  removeUser: users.remove({
    audit: 'system.user.remove',
    errors: [404],
    summary: 'Detaches a user from the company (the account stays; its sessions end)',
    schemas: (s) => ({ params: s.systemIdParamsSchema, response: null }),
  }),
  // The users page gives roles and shows role names without the roles page: the same list,
  // declared for system_user, so that a role with only the users page can still assign roles.
  userRoleOptions: {
    method: 'GET',
    path: SYSTEM_PATHS.userRoleOptions,
    access: { page: 'system_user' },
    summary: "The roles of the caller's company, for the users page (role names, roles to give)",
    schemas: (s) => ({ response: s.roleListSchema }),
  },
  roles: roles.list({
    // Open to access keys, like the users list.
    openApi: true,
    summary: "The roles of the caller's company, with how many users hold each",
    schemas: (s) => ({ response: s.roleListSchema }),
  }),
  createRole: roles.create({
    audit: 'system.role.create',
    errors: [409],
    summary: 'Creates a role no wider than the caller’s (name ≤ 200, at least one menu)',
    schemas: (s) => ({ body: s.roleBodySchema, response: s.createdSchema }),
  }),
  updateRole: roles.update({
    audit: 'system.role.update',
    errors: [404, 409],
    summary: 'Changes a role; with dry_run=true only answers whether it is a reduction and whom it affects',
    schemas: (s) => ({
      params: s.systemIdParamsSchema,
      query: s.roleChangeQuerySchema,
      body: s.roleBodySchema,
      response: s.roleChangeResultSchema,
    }),
  }),
  deleteRole: roles.remove({
    audit: 'system.role.delete',
    errors: [404, 409],
    summary: 'Deletes a role no user holds; dry_run=true answers how many users hold it',
    schemas: (s) => ({
      params: s.systemIdParamsSchema,
      query: s.roleChangeQuerySchema,
      response: s.roleChangeResultSchema,
    }),
  }),
  children: {
    method: 'GET',
    path: SYSTEM_PATHS.children,
    access: { page: 'system_user' },
    summary: "The downstream companies of the caller's company",
    description: 'wheres (base64 JSON): name like, verify_status =. orders: created_at, name.',
    schemas: (s) => s.listSchemas(s.childCompanySchema, s.CHILD_FILTERS, s.CHILD_ORDER_KEYS),
  },
});
