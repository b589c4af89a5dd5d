/**
 * Operator commands for console plugins in the menu catalogue (`npm run ops -- <command>`,
 * docs/operations.md). The server does the same at start for the plugins of the console build it
 * serves; these are for a catalogue shared by several servers, or to look at what is installed.
 */
import { readFile } from 'node:fs/promises';
import { PLUGIN_ID_PATTERN } from '@vap/contracts';
import { asc, ne } from 'drizzle-orm';
import { menuItems } from '../../core/menu/schema.js';
import { fromWorkingDir, type OpsCommand, onlyArgument } from '../../core/ops-command.js';
import { PluginMenuError, PluginMenus, parsePluginManifest } from './plugins.js';

async function readManifest(path: string) {
  const file = fromWorkingDir(path);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new PluginMenuError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  return parsePluginManifest(json, file);
}

export const pluginCommands: Record<string, OpsCommand> = {
  'plugin:install': {
    usage: '<path to the plugin build>/manifest.json',
    summary:
      "Adds (or updates) a console plugin's dirs, pages and buttons in the menu catalogue; restart running servers to see them.",
    async run(args, { database }) {
      const manifest = await readManifest(onlyArgument(args, 'Give the path of one manifest.json'));
      const { added, kept, removed } = await new PluginMenus(database.db).install(manifest);
      return `Plugin "${manifest.id}": ${added} menu items added, ${kept} kept, ${removed} removed.`;
    },
  },
  'plugin:remove': {
    usage: '<plugin id>',
    summary:
      "Takes a console plugin's items out of every menu (their ids and role grants are kept for a re-install).",
    async run(args, { database }) {
      const id = onlyArgument(args, 'Give one plugin id');
      if (!PLUGIN_ID_PATTERN.test(id)) throw new Error('Give one plugin id');
      const count = await new PluginMenus(database.db).remove(id);
      return count > 0
        ? `Plugin "${id}": ${count} menu items removed.`
        : `Plugin "${id}" has no menu items installed.`;
    },
  },
  'plugin:list': {
    usage: '',
    summary: 'Lists the console plugins that have menu items in the catalogue.',
    async run(args, { database }) {
      if (args.length > 0) throw new Error(`Unexpected argument "${args[0]}"`);
      const rows = await database.db
        .select({
          plugin: menuItems.plugin,
          removed: menuItems.removed,
          type: menuItems.type,
          name: menuItems.name,
        })
        .from(menuItems)
        .where(ne(menuItems.plugin, ''))
        .orderBy(asc(menuItems.plugin), asc(menuItems.id));
      if (rows.length === 0) return 'No plugin has menu items in the catalogue.';
      const byPlugin = new Map<string, typeof rows>();
      for (const row of rows) byPlugin.set(row.plugin, [...(byPlugin.get(row.plugin) ?? []), row]);
      return [...byPlugin]
        .map(([plugin, items]) => {
          const state = items.every((item) => item.removed) ? 'removed' : 'installed';
          const pages = items.filter((item) => item.type === 'page').map((item) => item.name);
          return `${plugin} (${state}): ${pages.join(', ') || 'no pages'}`;
        })
        .join('\n');
    },
  },
};
