/** The downstream companies of the caller's company (spec §7.2 GET /children). */
import { SYSTEM_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ChildCompanies } from './children.js';

export async function childRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const childCompanies = new ChildCompanies(db);
  await serve(app, SYSTEM_CALLS.children, async (request, _reply, list) =>
    childCompanies.list(await permissionsOf(request, db), list),
  );
}
