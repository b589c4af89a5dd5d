/** The roles of the company (page system_role, spec §6, §7.2). */
import {
  apiErrorSchema,
  createdSchema,
  roleBodySchema,
  roleChangeQuerySchema,
  roleChangeResultSchema,
  roleListSchema,
  SYSTEM_PATHS,
  systemIdParamsSchema,
} from '@vap/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { CompanyRoles } from './roles.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const actOnUser = { ...refusals, 404: apiErrorSchema };

export const roleRoutes: FastifyPluginAsyncZod<{ db: Db; catalogue: MenuCatalogue }> = async (
  app,
  { db, catalogue },
) => {
  const companyRoles = new CompanyRoles(db, catalogue);
  // GET /roles and the users page's GET /users/roles answer the same list.
  const listRoles = async (request: FastifyRequest) => ({
    items: await companyRoles.list(await permissionsOf(request, db)),
  });

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
    SYSTEM_PATHS.role.pattern,
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
    SYSTEM_PATHS.role.pattern,
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
