/** The company users of the system area (page system_user, spec §6, §7.2). */
import { SYSTEM_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { PasswordHasher } from '../../core/auth/passwords.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { CompanyUsers } from './users.js';

export async function userRoutes(
  app: FastifyInstance,
  { db, passwords }: { db: Db; passwords: PasswordHasher },
) {
  const companyUsers = new CompanyUsers(db, passwords);

  await serve(app, SYSTEM_CALLS.users, async (request, _reply, list) =>
    companyUsers.list(await permissionsOf(request, db), list),
  );
  await serve(app, SYSTEM_CALLS.user, async (request) =>
    companyUsers.get(await permissionsOf(request, db), request.params.id),
  );
  await serve(app, SYSTEM_CALLS.createUser, async (request) =>
    companyUsers.create(await permissionsOf(request, db), request.body, auditTrail(request)),
  );
  for (const call of [SYSTEM_CALLS.setUserRole, SYSTEM_CALLS.setUserRoleByPost]) {
    await serve(app, call, async (request) => {
      await companyUsers.setRole(
        await permissionsOf(request, db),
        request.params.id,
        request.body.role_id,
        auditTrail(request),
      );
    });
  }
  await serve(app, SYSTEM_CALLS.editUser, async (request) => {
    await companyUsers.edit(
      await permissionsOf(request, db),
      request.params.id,
      request.body,
      auditTrail(request),
    );
  });
  await serve(app, SYSTEM_CALLS.removeUser, async (request) => {
    await companyUsers.remove(await permissionsOf(request, db), request.params.id, auditTrail(request));
  });
}
