/**
 * The tasks' summary of the dashboard's card (issue 29): read-only, with the access of the task
 * list (page device_maintenance) and its scope, the caller's company.
 */
import { apiErrorSchema, TASK_PATHS, taskSummarySchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { taskSummary } from './summary.js';

export const taskSummaryRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => number }> = async (
  app,
  { db, now },
) => {
  app.get(
    TASK_PATHS.summary,
    {
      config: { access: { page: 'device_maintenance' } },
      schema: {
        tags: ['tasks'],
        summary: "How many of the company's device tasks are running, and ended failed or completed lately",
        security: [{ bearer: [] }],
        response: { 200: taskSummarySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => taskSummary(db, companyOf(await permissionsOf(request, db)), now()),
  );
};
