/**
 * The money summary of the dashboard's card (issue 29): read-only, with the access of the balance
 * itself (GET /finance: page recharge); the caller's company only.
 */
import { apiErrorSchema, FINANCE_PATHS, financeSummarySchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import type { FinanceSummaries } from './summary.js';

export const financeSummaryRoutes: FastifyPluginAsyncZod<{ db: Db; summaries: FinanceSummaries }> = async (
  app,
  { db, summaries },
) => {
  app.get(
    FINANCE_PATHS.summary,
    {
      config: { access: { page: 'recharge' } },
      schema: {
        tags: ['finance'],
        summary: "The company's balance, this month's spending and its next bill, with its warnings",
        security: [{ bearer: [] }],
        response: { 200: financeSummarySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => summaries.of(companyOf(await permissionsOf(request, db))),
  );
};
