/**
 * The money summary of the dashboard's card (SUMMARY_CALLS.finance, issue 29): read-only, with the
 * access of the balance itself (GET /finance: page recharge); the caller's company only.
 */
import { SUMMARY_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { FinanceSummaries } from './summary.js';

export async function financeSummaryRoutes(
  app: FastifyInstance,
  { db, summaries }: { db: Db; summaries: FinanceSummaries },
) {
  await serve(app, SUMMARY_CALLS.finance, async (request) =>
    summaries.of(await companyOfCaller(request, db)),
  );
}
