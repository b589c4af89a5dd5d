/**
 * The remote terminal's call (spec §2.1 /telnet), served from TERMINAL_CALLS: a ticket for a
 * device's terminal. The terminal itself is the WebSocket of relay.ts.
 */
import { TERMINAL_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.js';
import { callerOf, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import type { TerminalTickets } from './tickets.js';

export async function terminalRoutes(
  app: FastifyInstance,
  { db, tickets }: { db: Db; tickets: TerminalTickets },
) {
  await serve(app, TERMINAL_CALLS.ticket, async (request) =>
    tickets.issue(
      await permissionsOf(request, db),
      callerOf(request).sessionId,
      negotiateLanguage(request.headers['accept-language']),
      request.params.id,
    ),
  );
}
