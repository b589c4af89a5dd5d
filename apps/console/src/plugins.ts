/// <reference path="./vap-plugins.d.ts" />
import { pluginPackages } from 'virtual:vap-plugins';
import type { Plugin } from '@vap/kernel';
import { loadPlugins } from '@vap/kernel/host';
import { plannedPlugins } from './planned-plugins.js';

/**
 * The plugin packages of the console, in the order their contributions are listed: those of
 * `plugins.json` (see vite/vap-plugins.ts). Each loads on its own, so that a package failing at
 * start-up is named in the boot error (architecture §2).
 */
export { pluginPackages };

/** Every plugin of the console: the listed packages, then the areas still planned. */
export async function loadConsolePlugins(): Promise<Plugin[]> {
  return [...(await loadPlugins(pluginPackages)), ...plannedPlugins];
}
