/**
 * The devices' summary of the dashboard's card (issue 29): read-only, with the access of the device
 * list (page device_maintenance) and its scope; not part of the open API.
 */
import { apiErrorSchema, DEVICE_PATHS, deviceSummarySchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { deviceSummary } from './summary.js';

export const deviceSummaryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    DEVICE_PATHS.summary,
    {
      config: { access: { page: 'device_maintenance' } },
      schema: {
        tags: ['devices'],
        summary: 'How many of the devices the caller sees are online and offline, now and over the last day',
        security: [{ bearer: [] }],
        response: { 200: deviceSummarySchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => deviceSummary(db, await permissionsOf(request, db)),
  );
};
