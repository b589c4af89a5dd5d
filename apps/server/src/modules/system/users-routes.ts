/** The company users of the system area (page system_user, spec §6, §7.2). */
import {
  apiErrorSchema,
  companyUserSchema,
  createdSchema,
  createUserBodySchema,
  editUserBodySchema,
  listPageSchema,
  listQuerySchema,
  SYSTEM_PATHS,
  systemIdParamsSchema,
  USER_FILTERS,
  USER_ORDER_KEYS,
  userRoleBodySchema,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { CompanyUsers } from './users.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const actOnUser = { ...refusals, 404: apiErrorSchema };

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; passwords: PasswordHasher }> = async (
  app,
  { db, passwords },
) => {
  const companyUsers = new CompanyUsers(db, passwords);

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

  app.get(
    SYSTEM_PATHS.userById.pattern,
    {
      config: { access: { page: 'system_user' }, openApi: true },
      schema: {
        tags: ['system'],
        summary: "One user of the caller's company, as the users list shows them (spec §7.1)",
        security,
        params: systemIdParamsSchema,
        response: { 200: companyUserSchema, ...actOnUser },
      },
    },
    async (request) => companyUsers.get(await permissionsOf(request, db), request.params.id),
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
    ['POST', SYSTEM_PATHS.user.pattern],
    ['PUT', SYSTEM_PATHS.userRole.pattern],
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
    SYSTEM_PATHS.user.pattern,
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
    SYSTEM_PATHS.user.pattern,
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
};
