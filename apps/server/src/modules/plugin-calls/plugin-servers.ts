/**
 * The server entries of the console build's plugins: the console's build writes
 * `plugin-servers.json` beside `index.html` (apps/console/vite/vap-plugins.ts), one
 * `{ plugin, entry }` per plugin whose package exports `./server`, `entry` being the built module's
 * absolute path on this machine (the build and the server share the plugins' installation, as
 * `npm start` does). Each is imported at start and checked to be that plugin's `definePluginServer`.
 */
import { pathToFileURL } from 'node:url';
import type { PluginServer } from '@vap/contracts';
import { readConsoleBuildList } from '../../core/console-build-list.js';

export const PLUGIN_SERVERS_FILE = 'plugin-servers.json';

/** A listed server entry that cannot be read or is not a plugin server; the message names it. */
export class PluginServerError extends Error {
  override readonly name = 'PluginServerError';
}

interface Listed {
  plugin: string;
  entry: string;
}

const isListed = (value: unknown): value is Listed =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Listed).plugin === 'string' &&
  typeof (value as Listed).entry === 'string';

/** Whether `value` is what `definePluginServer(plugin, …)` makes. */
function isPluginServer(value: unknown, plugin: string): value is PluginServer {
  if (typeof value !== 'object' || value === null) return false;
  const { plugin: id, handlers } = value as PluginServer;
  return (
    id === plugin &&
    Array.isArray(handlers) &&
    handlers.every(
      (entry) =>
        typeof entry?.handler === 'function' &&
        typeof entry.call?.method === 'string' &&
        typeof entry.call.path === 'string' &&
        typeof entry.call.schemas === 'function',
    )
  );
}

/** The plugin servers of the console build in `consoleDir`: none when it lists none. */
export async function readPluginServers(consoleDir: string): Promise<PluginServer[]> {
  const read = await readConsoleBuildList(
    consoleDir,
    PLUGIN_SERVERS_FILE,
    (message) => new PluginServerError(message),
  );
  if (!read) return [];
  const { file, list } = read;
  if (!list.every(isListed)) throw new PluginServerError(`${file} is not a list of { plugin, entry }`);
  const servers: PluginServer[] = [];
  for (const { plugin, entry } of list) {
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(entry).href)) as { default?: unknown };
    } catch (error) {
      throw new PluginServerError(
        `Plugin "${plugin}": its server entry ${entry} cannot be loaded (${(error as Error).message})`,
      );
    }
    if (!isPluginServer(module.default, plugin))
      throw new PluginServerError(
        `Plugin "${plugin}": ${entry} does not export by default definePluginServer("${plugin}", [...])`,
      );
    servers.push(module.default);
  }
  return servers;
}
