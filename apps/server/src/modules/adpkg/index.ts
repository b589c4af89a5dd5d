/**
 * Ad packages (spec §2.3 adpkg_management, adpkg_design, §5.6; issue 32): layouts of a device's
 * screen with their items' files in the object store, published to devices as jobs of the tasks
 * module's engine.
 */
import { defineModule } from '../../core/modules.js';
import { AdPackages } from './packages.js';
import { adpkgRoutes } from './routes.js';

export const adpkgModule = defineModule({
  name: 'adpkg',
  dependencies: ['tasks'],
  create: ({ db, store, origin, now }, { tasks }) => {
    const packages = new AdPackages({ db, store, engine: tasks.engine, origin, now });
    return { routes: async (app) => app.register(adpkgRoutes, { db, packages }) };
  },
});
