/**
 * The menu catalogue's page addresses, and the console plugins' entries in it (installed from the
 * console build's manifests at start, or by the operator's commands).
 */
export { readConsolePlugins } from './console-plugins.js';
export { pluginCommands } from './ops.js';
export { PluginMenuError, PluginMenus } from './plugins.js';

import { defineModule } from '../../core/modules.js';
import { menuRoutes } from './routes.js';

export const menuModule = defineModule({
  name: 'menu',
  create: ({ catalogue }) => ({ routes: async (app) => app.register(menuRoutes, { catalogue }) }),
});
