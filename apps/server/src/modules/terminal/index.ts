/**
 * The remote terminal (spec §2.1 /telnet, §6; issues 16, 28): tickets for a device's terminal, and
 * the relay between the terminal page's WebSocket and the device's shell over MQTT.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../core/db/client.js';
import type { Upgrades } from '../../core/http/upgrades.js';
import type { Devices } from '../devices/index.js';
import type { Broker } from '../mqtt/index.js';
import { type CallerSource, TerminalGrants } from './grants.js';
import { type RelayLog, type RelayOptions, TerminalRelay } from './relay.js';
import { terminalRoutes } from './routes.js';
import { TerminalTickets } from './tickets.js';

export { LineRecorder } from './command-audit.js';
export type { RelayOptions } from './relay.js';

export interface RemoteTerminal {
  relay: TerminalRelay;
  routes: FastifyPluginAsyncZod;
}

/** The relay (attached to `upgrades` at once; `relay.close()` with the server) and the ticket route. */
export function remoteTerminal(options: {
  db: Db;
  devices: Pick<Devices, 'detail'>;
  /** The callers of sign-in sessions (core/auth/caller.ts): a terminal lasts as long as its session. */
  callers: CallerSource;
  broker: Broker;
  upgrades: Upgrades;
  log: RelayLog;
  relay?: RelayOptions;
}): RemoteTerminal {
  const { db, devices, callers, broker, upgrades, log } = options;
  const tickets = new TerminalTickets(db, devices, options.relay?.now);
  const grants = new TerminalGrants(callers, devices);
  const relay = new TerminalRelay(db, tickets, grants, broker, log, options.relay);
  relay.attach(upgrades);
  return { relay, routes: async (app) => app.register(terminalRoutes, { db, tickets }) };
}
