/**
 * The menu catalogue's page addresses, and the console plugins' entries in it (installed from the
 * console build's manifests at start, or by the operator's commands).
 */
export { readConsolePlugins } from './console-plugins.js';
export { pluginCommands } from './ops.js';
export { PluginMenuError, PluginMenus } from './plugins.js';
export { menuModule } from './routes.js';
