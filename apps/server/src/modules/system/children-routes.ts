/** The downstream companies of the caller's company (spec §7.2 GET /children). */
import {
  apiErrorSchema,
  CHILD_FILTERS,
  CHILD_ORDER_KEYS,
  childCompanySchema,
  listPageSchema,
  listQuerySchema,
  SYSTEM_PATHS,
} from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { ChildCompanies } from './children.js';

const security = [{ bearer: [] }];
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const _actOnUser = { ...refusals, 404: apiErrorSchema };

export const childRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const childCompanies = new ChildCompanies(db);

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
};
