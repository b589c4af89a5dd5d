/**
 * Hologram parking (spec §1, §2.3 hologram_parking; issue 32): screen-display schemes of parking
 * sites, their scheme files in the object store, and their publication to devices as jobs of the
 * tasks module's engine.
 */
import { defineModule } from '../../core/modules.js';
import { hologramRoutes } from './routes.js';
import { HologramSchemes } from './schemes.js';

export const hologramModule = defineModule({
  name: 'hologram',
  dependencies: ['tasks'],
  create: ({ db, store, origin, now }, { tasks }) => {
    const schemes = new HologramSchemes({ db, store, engine: tasks.engine, origin, now });
    return { routes: async (app) => app.register(hologramRoutes, { db, schemes }) };
  },
});
