/**
 * The broker's summary of the dashboard's card (issue 29): read-only, with the access of the time
 * series of page mqtt_dashboard, which shows every kind of client; the caller's company only.
 */
import { apiErrorSchema, MQTT_PATHS, mqttSummarySchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import type { Broker } from './broker.js';
import { mqttSummary } from './summary.js';

export const mqttSummaryRoutes: FastifyPluginAsyncZod<{ db: Db; broker: Broker }> = async (
  app,
  { db, broker },
) => {
  app.get(
    MQTT_PATHS.summary,
    {
      config: { access: { page: 'mqtt_dashboard' } },
      schema: {
        tags: ['mqtt'],
        summary: "The company's clients connected now, by kind, and its messages a minute lately",
        security: [{ bearer: [] }],
        response: { 200: mqttSummarySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => mqttSummary(db, broker, companyOf(await permissionsOf(request, db))),
  );
};
