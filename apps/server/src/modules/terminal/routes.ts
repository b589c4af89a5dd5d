/**
 * The remote terminal's call (spec §2.1 /telnet): a ticket for a device's terminal, with page
 * device_maintenance's `telnet` button. The terminal itself is the WebSocket of relay.ts.
 */
import { apiErrorSchema, deviceIdParamsSchema, TERMINAL_PATHS, terminalTicketSchema } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import { callerOf, permissionsOf } from '../../core/http/access.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import type { TerminalTickets } from './tickets.js';

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const terminalRoutes: FastifyPluginAsyncZod<{ db: Db; tickets: TerminalTickets }> = async (
  app,
  { db, tickets },
) => {
  app.post(
    TERMINAL_PATHS.ticket.pattern,
    {
      config: { access: { page: 'device_maintenance', button: 'telnet' } },
      schema: {
        tags: ['devices'],
        summary:
          "A single-use ticket (60 s) for a device's remote terminal: open /telnet?ticket=… (refused on the free plan)",
        security: [{ bearer: [] }],
        params: deviceIdParamsSchema,
        response: { 200: terminalTicketSchema, ...refusals },
      },
    },
    async (request) =>
      tickets.issue(
        await permissionsOf(request, db),
        callerOf(request).sessionId,
        negotiateLanguage(request.headers['accept-language']),
        request.params.id,
      ),
  );
};
