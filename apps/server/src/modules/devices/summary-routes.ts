/**
 * The devices' summary of the dashboard's card (issue 29), served from SUMMARY_CALLS.devices: the
 * access and scope of the device list.
 */
import { SUMMARY_CALLS } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { deviceSummary } from './summary.js';

export const deviceSummaryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await serve(app, SUMMARY_CALLS.devices, async (request) =>
    deviceSummary(db, await permissionsOf(request, db)),
  );
};
