/**
 * The remote terminal (spec §2.1 /telnet, §6; issues 16, 28): tickets for a device's terminal, and
 * the relay between the terminal page's WebSocket and the device's shell over MQTT.
 */
import { defineModule } from '../../core/modules.js';
import { TerminalGrants } from './grants.js';
import { type RelayOptions, TerminalRelay } from './relay.js';
import { terminalRoutes } from './routes.js';
import { TerminalTickets } from './tickets.js';

export { LineRecorder } from './command-audit.js';
export type { RelayOptions } from './relay.js';

/**
 * The relay (attached to the server's WebSocket endpoints at once, closed with the server) and the
 * ticket route. `relay`: the terminal's timings (idle time, grant checks, keepalive): tests shorten them.
 */
export const terminalModule = ({ relay: timings }: { relay?: Omit<RelayOptions, 'now'> } = {}) =>
  defineModule({
    name: 'terminal',
    dependencies: ['devices', 'mqtt'],
    create: ({ db, callers, upgrades, log, now }, { devices: { devices }, mqtt: { broker } }) => {
      const options: RelayOptions = { ...timings, ...(now ? { now } : {}) };
      const tickets = new TerminalTickets(db, devices, options.now);
      // A terminal lasts as long as the sign-in session that opened it (core/auth/caller.ts).
      const grants = new TerminalGrants(callers, devices);
      const relay = new TerminalRelay(db, tickets, grants, broker, log, options);
      relay.attach(upgrades);
      return {
        routes: async (app) => app.register(terminalRoutes, { db, tickets }),
        close: () => relay.close(),
      };
    },
  });
