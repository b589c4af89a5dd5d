/**
 * The plugins of the console build the server serves: the console's build writes their manifests
 * into `plugin-manifests.json` beside `index.html`, and the server installs their menu entries at
 * start (PluginMenus.sync), so the catalogue always matches the console that is being served.
 */
import type { PluginManifest } from '@vap/contracts';
import { readConsoleBuildList } from '../../core/console-build-list.js';
import { PluginMenuError, parsePluginManifest } from './plugins.js';

export const PLUGIN_MANIFESTS_FILE = 'plugin-manifests.json';

/** The manifests of the console build in `consoleDir`, or null when there is no such build. */
export async function readConsolePlugins(consoleDir: string): Promise<PluginManifest[] | null> {
  const read = await readConsoleBuildList(
    consoleDir,
    PLUGIN_MANIFESTS_FILE,
    (message) => new PluginMenuError(message),
  );
  if (!read) return null;
  return read.list.map((entry, index) => parsePluginManifest(entry, `${read.file} [${index}]`));
}
