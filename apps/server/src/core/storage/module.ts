/** The object store's own routes, as a module of the app like the features' (core/modules.ts). */
import { defineModule } from '../modules.js';
import { objectRoutes } from './routes.js';

export const objectsModule = defineModule({
  name: 'objects',
  create: ({ db, store, tokens }) => ({
    routes: async (app) => app.register(objectRoutes, { db, store, tokens }),
  }),
});
