/** The broker's guards (issue 28) as one server makes them: its limits, on its database. */
import type { MqttLimits } from '../../core/config.js';
import type { Db } from '../../core/db/client.js';
import { RateLimiter } from '../../core/rate-limit/limiter.js';
import type { BrokerGuards } from './broker.js';
import { ConnectLimits } from './connect-limits.js';
import { CredentialOwners } from './owners.js';
import type { UserClients } from './user-clients.js';

export function brokerGuards(db: Db, users: UserClients, limits: MqttLimits): BrokerGuards {
  return {
    maxPacketSize: limits.maxPacketSize,
    connects: new ConnectLimits(new RateLimiter(db), limits),
    owners: new CredentialOwners(db, users),
  };
}
