/**
 * The broker's summary of the dashboard's card (issue 29): read-only, with the access of the time
 * series of page mqtt_dashboard, which shows every kind of client; the caller's company only.
 */
import { SUMMARY_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import type { Broker } from './broker.js';
import { mqttSummary } from './summary.js';

export async function mqttSummaryRoutes(app: FastifyInstance, { db, broker }: { db: Db; broker: Broker }) {
  await serve(app, SUMMARY_CALLS.mqtt, async (request) =>
    mqttSummary(db, broker, await companyOfCaller(request, db)),
  );
}
