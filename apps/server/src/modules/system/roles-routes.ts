/** The roles of the company (page system_role, spec §6, §7.2). */
import { SYSTEM_CALLS } from '@vap/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { MenuCatalogue } from '../../core/menu/catalogue.js';
import { CompanyRoles } from './roles.js';

export async function roleRoutes(
  app: FastifyInstance,
  { db, catalogue }: { db: Db; catalogue: MenuCatalogue },
) {
  const companyRoles = new CompanyRoles(db, catalogue);
  // GET /roles and the users page's GET /users/roles answer the same list.
  const listRoles = async (request: FastifyRequest) => ({
    items: await companyRoles.list(await permissionsOf(request, db)),
  });

  await serve(app, SYSTEM_CALLS.userRoleOptions, listRoles);
  await serve(app, SYSTEM_CALLS.roles, listRoles);
  await serve(app, SYSTEM_CALLS.createRole, async (request) =>
    companyRoles.create(await permissionsOf(request, db), request.body, auditTrail(request)),
  );
  await serve(app, SYSTEM_CALLS.updateRole, async (request) =>
    companyRoles.update(
      await permissionsOf(request, db),
      request.params.id,
      request.body,
      request.query.dry_run,
      auditTrail(request),
    ),
  );
  await serve(app, SYSTEM_CALLS.deleteRole, async (request) =>
    companyRoles.remove(
      await permissionsOf(request, db),
      request.params.id,
      request.query.dry_run,
      auditTrail(request),
    ),
  );
}
