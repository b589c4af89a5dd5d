/**
 * Console plugins in the menu catalogue. The built-in catalogue (spec §2.3) comes from migrations;
 * a plugin whose pages it lacks brings their entries in its manifest (`menu` of a page, its
 * `catalogueDirs`), and installing the plugin writes them here. Ids are stable: an item keeps its
 * id across restarts, re-installs and a remove followed by an install, because removing only marks
 * the items `removed`. Role grants are kept by name, so a role's grant on a plugin's page applies
 * again when the plugin comes back.
 */
import {
  type MenuItemType,
  type PluginManifest,
  type PluginMenuPlacement,
  pluginManifestSchema,
} from '@vap/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { menuItems } from '../../core/menu/schema.js';

/** Plugin items are numbered from here, far above the built-in catalogue's ids. */
export const FIRST_PLUGIN_ITEM_ID = 10_000_000;

type Row = typeof menuItems.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A manifest that cannot be installed; the message names the plugin and the item. */
export class PluginMenuError extends Error {
  override readonly name = 'PluginMenuError';
}

/** Parses a manifest file's JSON, with a message naming what is wrong. */
export function parsePluginManifest(json: unknown, source: string): PluginManifest {
  const parsed = pluginManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PluginMenuError(
      `${source}: not a plugin manifest (${issue?.path.join('.')}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

interface Wanted {
  parent: string;
  name: string;
  type: MenuItemType;
  path: string;
  title: string;
  icon: string;
  sort: number;
}

/** The catalogue items a manifest asks for: its dirs, then its placed pages and their buttons. */
function wantedItems(manifest: PluginManifest): Wanted[] {
  const items: Wanted[] = manifest.catalogueDirs.map((dir) => ({ parent: '', type: 'dir', ...dir }));
  for (const page of manifest.pages) {
    if (!page.menu) continue;
    const menu: PluginMenuPlacement = page.menu;
    items.push({
      parent: menu.dir,
      name: page.name,
      type: 'page',
      path: menu.path,
      title: menu.title,
      icon: menu.icon,
      sort: menu.sort,
    });
    page.buttons.forEach((button, index) => {
      items.push({
        parent: page.name,
        name: button,
        type: 'btn',
        path: '',
        title: menu.buttons[button] ?? `button.${button}`,
        icon: '',
        sort: (index + 1) * 10,
      });
    });
  }
  return items;
}

export class PluginMenus {
  constructor(private readonly db: Db) {}

  /**
   * Writes the plugin's items into the catalogue (added, changed, or marked removed when the
   * manifest no longer has them). Refused, with nothing written, when an item would take a name
   * that another plugin or the built-in catalogue holds, or sit in a dir that does not exist.
   */
  async install(manifest: PluginManifest): Promise<{ added: number; kept: number; removed: number }> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.select().from(menuItems);
      const own = rows.filter((row) => row.plugin === manifest.id);
      const live = rows.filter((row) => !row.removed && row.plugin !== manifest.id);
      let next = Math.max(FIRST_PLUGIN_ITEM_ID, ...rows.map((row) => row.id + 1));
      const idOf = new Map<string, number>();
      const counts = { added: 0, kept: 0, removed: 0 };
      const claimed = new Set<number>();

      for (const item of wantedItems(manifest)) {
        const parentId = this.#parentId(manifest, item, live, idOf);
        // Page and dir names are global in the console; a button's name is its page's business.
        const taken = live.find((row) =>
          item.type === 'btn'
            ? row.parentId === parentId && row.name === item.name
            : row.name === item.name && row.type !== 'btn',
        );
        if (taken) {
          throw new PluginMenuError(
            `Plugin "${manifest.id}": the ${item.type} "${item.name}" is already in the menu catalogue` +
              (taken.plugin ? ` (plugin "${taken.plugin}")` : ' (built in)'),
          );
        }
        const existing = own.find(
          (row) =>
            row.type === item.type &&
            row.name === item.name &&
            (item.type !== 'btn' || row.parentId === parentId),
        );
        const values = {
          parentId,
          name: item.name,
          type: item.type,
          path: item.path,
          title: item.title,
          icon: item.icon,
          sort: item.sort,
          plugin: manifest.id,
          removed: false,
        };
        let id: number;
        if (existing) {
          id = existing.id;
          await tx.update(menuItems).set(values).where(eq(menuItems.id, id));
          counts.kept++;
        } else {
          // A removed item of another plugin may hold the (parent, name) pair: it makes way.
          await this.#dropRemoved(tx, parentId, item.name);
          id = next++;
          await tx.insert(menuItems).values({ id, ...values });
          counts.added++;
        }
        claimed.add(id);
        if (item.type !== 'btn') idOf.set(item.name, id);
      }

      for (const row of own) {
        if (claimed.has(row.id) || row.removed) continue;
        await tx.update(menuItems).set({ removed: true }).where(eq(menuItems.id, row.id));
        counts.removed++;
      }
      return counts;
    });
  }

  /** Takes the plugin's items out of every menu, keeping their ids for its next install. */
  async remove(pluginId: string): Promise<number> {
    const removed = await this.db
      .update(menuItems)
      .set({ removed: true })
      .where(and(eq(menuItems.plugin, pluginId), eq(menuItems.removed, false)))
      .returning({ id: menuItems.id });
    return removed.length;
  }

  /**
   * Makes the catalogue hold exactly the given plugins' items: each manifest installed, and the
   * items of plugins no longer installed removed. Run at start with the console build's plugins.
   */
  async sync(manifests: readonly PluginManifest[]): Promise<void> {
    for (const manifest of manifests) await this.install(manifest);
    const installed = new Set(manifests.map((manifest) => manifest.id));
    const others = await this.db
      .selectDistinct({ plugin: menuItems.plugin })
      .from(menuItems)
      .where(and(ne(menuItems.plugin, ''), eq(menuItems.removed, false)));
    for (const { plugin } of others) if (!installed.has(plugin)) await this.remove(plugin);
  }

  #parentId(
    manifest: PluginManifest,
    item: Wanted,
    live: readonly Row[],
    own: ReadonlyMap<string, number>,
  ): number {
    if (item.parent === '') return 0;
    const mine = own.get(item.parent);
    if (mine !== undefined) return mine;
    const wantType = item.type === 'btn' ? 'page' : 'dir';
    const parent = live.find((row) => row.name === item.parent && row.type === wantType);
    if (!parent) {
      throw new PluginMenuError(
        `Plugin "${manifest.id}": the ${item.type} "${item.name}" is to sit in the ${wantType} "${item.parent}", which the menu catalogue does not have`,
      );
    }
    return parent.id;
  }

  async #dropRemoved(tx: Tx, parentId: number, name: string): Promise<void> {
    const [row] = await tx
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.parentId, parentId), eq(menuItems.name, name), eq(menuItems.removed, true)));
    if (!row) return;
    await tx.delete(menuItems).where(eq(menuItems.parentId, row.id));
    await tx.delete(menuItems).where(eq(menuItems.id, row.id));
  }
}
