/**
 * The calls of the remote terminal (page /telnet, spec §2.1): a ticket for a device's terminal, with
 * page device_maintenance's `telnet` button. The terminal itself is a WebSocket (TERMINAL_SOCKET_PATH),
 * not a declared call.
 */

import { declareCalls } from './calls.js';
import { TERMINAL_PATHS } from './paths-devices.js';

const schemas = async () => ({ ...(await import('./terminal.js')), ...(await import('./ids.js')) });

export const TERMINAL_CALLS = declareCalls(schemas, {
  ticket: {
    method: 'POST',
    path: TERMINAL_PATHS.ticket.pattern,
    access: { page: 'device_maintenance', button: 'telnet' },
    errors: [404, 409],
    tags: ['devices'],
    summary:
      "A single-use ticket (60 s) for a device's remote terminal: open /telnet?ticket=… (refused on the free plan)",
    schemas: (s) => ({ params: s.idParamsSchema, response: s.terminalTicketSchema }),
  },
});
