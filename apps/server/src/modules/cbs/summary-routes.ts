/**
 * The cloud-storage summary of the dashboard's card (SUMMARY_CALLS.cbs, issue 29): read-only, with
 * the access of the cloud-storage page (cbs_dashboard) and, like all its calls, the company's product
 * flag cbs on.
 */
import { SUMMARY_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { serve } from '../../core/http/calls.js';
import { productCompanyOf } from '../../core/http/product-gate.js';
import { cbsSummary } from './summary.js';

export async function cbsSummaryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  await serve(app, SUMMARY_CALLS.cbs, async (request) =>
    cbsSummary(db, await productCompanyOf(request, db, 'cbs')),
  );
}
