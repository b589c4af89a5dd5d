import { loadPlugins, type Plugin } from '@vap/kernel';
import { plannedPlugins } from './planned-plugins.js';

/**
 * The plugin packages of the console, in the order their contributions are listed. Each loads on
 * its own, so that a package failing at start-up is named in the boot error (architecture §2).
 */
export const pluginPackages = {
  '@vap/plugin-account': () => import('@vap/plugin-account'),
  '@vap/plugin-dashboard': () => import('@vap/plugin-dashboard'),
  '@vap/plugin-notices': () => import('@vap/plugin-notices'),
  '@vap/plugin-system': () => import('@vap/plugin-system'),
};

/** Every plugin of the console: the built packages, then the areas still planned. */
export async function loadConsolePlugins(): Promise<Plugin[]> {
  return [...(await loadPlugins(pluginPackages)), ...plannedPlugins];
}
