/**
 * Internet telephony (spec §1, §2.3 voip_*, §3; issue 33), shown when the company's product flag
 * `voip` is 0: device phones bound to the company's devices, agent phones, call centers ringing
 * their agents in order, and the dial records the SIP server accounts. Kamailio (deploy/kamailio,
 * docs/voip.md) authenticates against the extensions' HA1 credentials and writes its registrations
 * to `kam_location`, whose unexpired rows are the extensions' live status. Live status needs a SIP
 * server (SIP_SERVER) and the PostgreSQL engine Kamailio shares; without either, every page still
 * manages its data and each extension says why its status is not read.
 */
import { DEFAULT_SIP_DOMAIN } from '../../core/config.js';
import { defineModule } from '../../core/modules.js';
import { VoipCallCenters } from './call-centers.js';
import { VoipDialRecords } from './dial-records.js';
import { VoipExtensions } from './extensions.js';
import { Registrations, statusSourceOf } from './registrations.js';
import { voipRoutes } from './routes.js';

export { companyOfSipDomain, digestCredentials, sipDomainOf } from './domain.js';

export interface VoipSettings {
  /** The suffix of each company's SIP domain (SIP_DOMAIN); `sip.localhost` when absent. */
  sipDomain?: string;
  /** Where phones register (SIP_SERVER); none configured when absent. */
  sipServer?: string;
  /** Where agents' browser softphones connect (SIP over WebSocket); none when absent. */
  sipWebSocket?: string;
}

export const voipModule = (settings: VoipSettings = {}) =>
  defineModule({
    name: 'voip',
    create: ({ db, database, importSlots }) => {
      const sipDomain = settings.sipDomain ?? DEFAULT_SIP_DOMAIN;
      const sipServer = settings.sipServer ?? null;
      const source = statusSourceOf(database.engine, settings.sipServer);
      const registrations = new Registrations(db, source);
      const extensions = new VoipExtensions(db, registrations, sipDomain, sipServer);
      const callCenters = new VoipCallCenters(db, registrations);
      const dialRecords = new VoipDialRecords(db);
      return {
        routes: async (app) =>
          app.register(voipRoutes, {
            db,
            importSlots,
            extensions,
            callCenters,
            dialRecords,
            source,
            sipDomain,
            sipServer,
            sipWebSocket: settings.sipWebSocket ?? null,
          }),
      };
    },
  });
