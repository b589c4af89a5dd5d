/**
 * The cloud-storage summary of the dashboard's card (issue 29): read-only, with the access of the
 * cloud-storage page (cbs_dashboard) and, like all its calls, the company's product flag cbs on.
 */
import { apiErrorSchema, CBS_PATHS, cbsSummarySchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { cbsCompanyOf } from './caller.js';
import { cbsSummary } from './summary.js';

export const cbsSummaryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    CBS_PATHS.summary,
    {
      config: { access: { page: 'cbs_dashboard' } },
      schema: {
        tags: ['cbs'],
        summary: 'Cloud storage space used against quota, and the packages near or over a quota',
        security: [{ bearer: [] }],
        response: { 200: cbsSummarySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => cbsSummary(db, await cbsCompanyOf(request, db)),
  );
};
