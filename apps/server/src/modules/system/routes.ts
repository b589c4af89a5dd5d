/**
 * The system area (spec §7.2, prefix /v1/pms/company): company users and roles. Each route
 * declares the menu page and button it needs; the access hook refuses the rest (403), and the
 * services scope every query to the caller's company and apply the rules of §6.
 */
import {
  apiErrorSchema,
  CHILD_FILTERS,
  CHILD_ORDER_KEYS,
  childCompanySchema,
  companyUserSchema,
  createdSchema,
  createUserBodySchema,
  editUserBodySchema,
  listPageSchema,
  listQuerySchema,
  roleBodySchema,
  roleChangeQuerySchema,
  roleChangeResultSchema,
  roleListSchema,
  SYSTEM_PATHS,
  systemIdParamsSchema,
  USER_FILTERS,
  USER_ORDER_KEYS,
  userRoleBodySchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import { permissionsOf } from '../../core/http/access.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { MenuCatalogue } from '../../core/menu/catalogue.js';
import type { ModuleDeps } from '../deps.js';
import { ChildCompanies } from './children.js';
import { CompanyRoles } from './roles.js';
import { CompanyUsers } from './users.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const actOnUser = { ...refusals, 404: apiErrorSchema };

export const systemRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database, passwords }) => {
  const { db } = database;
  const companyUsers = new CompanyUsers(db, passwords);
  // GET /roles and the users page's GET /users/roles answer the same list.
  const listRoles = async (request: FastifyRequest) => ({
    items: await companyRoles.list(await permissionsOf(request, db)),
  });
  const childCompanies = new ChildCompanies(db);
  const companyRoles = new CompanyRoles(db, new MenuCatalogue(db));

  // The two read-only lists of the system area are open to access keys (docs/open-api.md): they
  // let a third party mirror the company's staff and roles into its own systems, change nothing,
  // and answer only the key's company. Writes stay with signed-in users, where §6 rules about who
  // may grant what apply to a person.
  app.get(
    SYSTEM_PATHS.users,
    {
      config: { access: { page: 'system_user' }, openApi: true },
      schema: {
        tags: ['system'],
        summary: "The users of the caller's company",
        description:
          'wheres (base64 JSON): phone = or like, nickname like, role_id =. orders: created_at, phone, nickname, role_id.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(companyUserSchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres, orders } = request.query;
      return companyUsers.list(await permissionsOf(request, db), {
        page,
        size,
        wheres: listFilters(wheres, USER_FILTERS),
        orders: listOrders(orders, USER_ORDER_KEYS),
      });
    },
  );

  app.post(
    SYSTEM_PATHS.users,
    {
      config: { access: { page: 'system_user', button: 'add' }, audit: 'system.user.create' },
      schema: {
        tags: ['system'],
        summary: 'Adds a user to the company with a role no wider than the caller’s',
        security,
        body: createUserBodySchema,
        response: { 200: createdSchema, ...actOnUser, 409: apiErrorSchema },
      },
    },
    async (request) =>
      companyUsers.create(await permissionsOf(request, db), request.body, auditTrail(request)),
  );

  // Spec §7.2 lists both calls for the same change.
  for (const [method, url] of [
    ['POST', '/v1/pms/company/users/:id'],
    ['PUT', '/v1/pms/company/users/:id/role'],
  ] as const) {
    app.route({
      method,
      url,
      config: { access: { page: 'system_user', button: 'role' }, audit: 'system.user.role' },
      schema: {
        tags: ['system'],
        summary: 'Gives a user of the company another role (never oneself, the owner or a wider account)',
        security,
        params: systemIdParamsSchema,
        body: userRoleBodySchema,
        response: { 204: z.null(), ...actOnUser },
      },
      handler: async (request, reply) => {
        await companyUsers.setRole(
          await permissionsOf(request, db),
          request.params.id,
          request.body.role_id,
          auditTrail(request),
        );
        return reply.code(204).send(null);
      },
    });
  }

  app.put(
    '/v1/pms/company/users/:id',
    {
      config: { access: { page: 'system_user', button: 'edit' }, audit: 'system.user.update' },
      schema: {
        tags: ['system'],
        summary: "Changes a user's nickname, email and remark (never oneself, the owner or a wider account)",
        security,
        params: systemIdParamsSchema,
        body: editUserBodySchema,
        response: { 204: z.null(), ...actOnUser, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await companyUsers.edit(
        await permissionsOf(request, db),
        request.params.id,
        request.body,
        auditTrail(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/pms/company/users/:id',
    {
      config: { access: { page: 'system_user', button: 'delete' }, audit: 'system.user.remove' },
      schema: {
        tags: ['system'],
        summary: 'Detaches a user from the company (the account stays; its sessions end)',
        security,
        params: systemIdParamsSchema,
        response: { 204: z.null(), ...actOnUser },
      },
    },
    async (request, reply) => {
      await companyUsers.remove(await permissionsOf(request, db), request.params.id, auditTrail(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    SYSTEM_PATHS.children,
    {
      config: { access: { page: 'system_user' } },
      schema: {
        tags: ['system'],
        summary: "The downstream companies of the caller's company",
        description: 'wheres (base64 JSON): name like, verify_status =. orders: created_at, name.',
        security,
        querystring: listQuerySchema,
        response: { 200: listPageSchema(childCompanySchema), ...refusals },
      },
    },
    async (request) => {
      const { page, size, wheres, orders } = request.query;
      return childCompanies.list(await permissionsOf(request, db), {
        page,
        size,
        wheres: listFilters(wheres, CHILD_FILTERS),
        orders: listOrders(orders, CHILD_ORDER_KEYS),
      });
    },
  );

  // ---- roles (page system_role) ------------------------------------------------------------------

  // The users page gives roles and shows role names without the roles page: the same list,
  // declared for system_user, so that a role with only the users page can still assign roles.
  app.get(
    SYSTEM_PATHS.userRoleOptions,
    {
      config: { access: { page: 'system_user' } },
      schema: {
        tags: ['system'],
        summary: "The roles of the caller's company, for the users page (role names, roles to give)",
        security,
        response: { 200: roleListSchema, ...refusals },
      },
    },
    listRoles,
  );

  app.get(
    SYSTEM_PATHS.roles,
    {
      // Open to access keys, like the users list above.
      config: { access: { page: 'system_role' }, openApi: true },
      schema: {
        tags: ['system'],
        summary: "The roles of the caller's company, with how many users hold each",
        security,
        response: { 200: roleListSchema, ...refusals },
      },
    },
    listRoles,
  );

  app.post(
    SYSTEM_PATHS.roles,
    {
      config: { access: { page: 'system_role', button: 'add' }, audit: 'system.role.create' },
      schema: {
        tags: ['system'],
        summary: 'Creates a role no wider than the caller’s (name ≤ 200, at least one menu)',
        security,
        body: roleBodySchema,
        response: { 200: createdSchema, ...refusals, 409: apiErrorSchema },
      },
    },
    async (request) =>
      companyRoles.create(await permissionsOf(request, db), request.body, auditTrail(request)),
  );

  app.put(
    '/v1/pms/company/roles/:id',
    {
      config: { access: { page: 'system_role', button: 'edit' }, audit: 'system.role.update' },
      schema: {
        tags: ['system'],
        summary:
          'Changes a role; with dry_run=true only answers whether it is a reduction and whom it affects',
        security,
        params: systemIdParamsSchema,
        querystring: roleChangeQuerySchema,
        body: roleBodySchema,
        response: { 200: roleChangeResultSchema, ...actOnUser, 409: apiErrorSchema },
      },
    },
    async (request) =>
      companyRoles.update(
        await permissionsOf(request, db),
        request.params.id,
        request.body,
        request.query.dry_run,
        auditTrail(request),
      ),
  );

  app.delete(
    '/v1/pms/company/roles/:id',
    {
      config: { access: { page: 'system_role', button: 'delete' }, audit: 'system.role.delete' },
      schema: {
        tags: ['system'],
        summary: 'Deletes a role no user holds; dry_run=true answers how many users hold it',
        security,
        params: systemIdParamsSchema,
        querystring: roleChangeQuerySchema,
        response: { 200: roleChangeResultSchema, ...actOnUser, 409: apiErrorSchema },
      },
    },
    async (request) =>
      companyRoles.remove(
        await permissionsOf(request, db),
        request.params.id,
        request.query.dry_run,
        auditTrail(request),
      ),
  );
};
