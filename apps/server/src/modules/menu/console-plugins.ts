/**
 * The plugins of the console build the server serves: the console's build writes their manifests
 * into `plugin-manifests.json` beside `index.html`, and the server installs their menu entries at
 * start (PluginMenus.sync), so the catalogue always matches the console that is being served.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PluginManifest } from '@vap/contracts';
import { PluginMenuError, parsePluginManifest } from './plugins.js';

export const PLUGIN_MANIFESTS_FILE = 'plugin-manifests.json';

/** The manifests of the console build in `consoleDir`, or null when there is no such build. */
export async function readConsolePlugins(consoleDir: string): Promise<PluginManifest[] | null> {
  const file = join(consoleDir, PLUGIN_MANIFESTS_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw new PluginMenuError(`${file} is not JSON`);
  }
  if (!Array.isArray(list)) throw new PluginMenuError(`${file} is not a list of plugin manifests`);
  return list.map((entry, index) => parsePluginManifest(entry, `${file} [${index}]`));
}
