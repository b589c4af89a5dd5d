/**
 * The tasks' summary of the dashboard's card (issue 29): read-only, with the access of the task
 * list (page device_maintenance) and its scope, the caller's company.
 */
import { SUMMARY_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { taskSummary } from './summary.js';

export async function taskSummaryRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => number }) {
  await serve(app, SUMMARY_CALLS.tasks, async (request) =>
    taskSummary(db, await companyOfCaller(request, db), now()),
  );
}
