import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MenuItem, PluginManifest } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MenuCatalogue } from '../../core/menu/catalogue.js';
import { menuItems } from '../../core/menu/schema.js';
import { menuTree } from '../../core/menu/tree.js';
import { databasePerSuite, ENGINES } from '../../testing/harness.js';
import { opsRunner } from '../../testing/ops.js';
import { deviceMapManifest } from '../../testing/plugin-manifests.js';
import { scratchDir } from '../../testing/scratch-dir.js';
import { PLUGIN_MANIFESTS_FILE, readConsolePlugins } from './console-plugins.js';
import { pluginCommands } from './ops.js';
import { FIRST_PLUGIN_ITEM_ID, PluginMenuError, PluginMenus } from './plugins.js';

function manifest(changes: Partial<PluginManifest> = {}): PluginManifest {
  return deviceMapManifest({
    pages: [
      {
        name: 'device-map_view',
        buttons: ['export', 'locate'],
        keepAlive: false,
        affix: false,
        menu: {
          dir: 'maps',
          path: 'view',
          title: 'device-map:menu.view',
          icon: '',
          sort: 10,
          buttons: { locate: 'device-map:buttons.locate' },
        },
      },
      {
        name: 'device-map_heat',
        buttons: [],
        keepAlive: false,
        affix: false,
        menu: {
          dir: 'device',
          path: 'heat',
          title: 'device-map:menu.heat',
          icon: '',
          sort: 900,
          buttons: {},
        },
      },
    ],
    menuDirs: ['maps'],
    catalogueDirs: [{ name: 'maps', path: 'maps', title: 'device-map:menu.maps', icon: 'map', sort: 35 }],
    ...changes,
  });
}

const flatten = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => [item, ...flatten(item.children)]);

describe.each(ENGINES)('console plugins in the menu catalogue on %s', (engine) => {
  const database = databasePerSuite(engine);
  let menus: PluginMenus;
  /** The catalogue as a new server process reads it. */
  const catalogue = () => new MenuCatalogue(database().db).all();
  const ownerMenu = async () => {
    const tree = menuTree(await catalogue(), 'all');
    return Array.isArray(tree) ? flatten(tree) : [];
  };
  const pluginRows = () => database().db.select().from(menuItems).where(eq(menuItems.plugin, 'device-map'));

  beforeAll(() => {
    menus = new PluginMenus(database().db);
  });
  beforeEach(async () => {
    await database().db.delete(menuItems).where(eq(menuItems.plugin, 'device-map'));
    await database().db.delete(menuItems).where(eq(menuItems.plugin, 'other'));
  });

  it('adds the plugin’s dir, pages and buttons with their titles, numbered above the built-in catalogue', async () => {
    expect(await menus.install(manifest())).toEqual({ added: 5, kept: 0, removed: 0 });
    const items = await ownerMenu();
    const maps = items.find((item) => item.name === 'maps');
    expect(maps).toMatchObject({
      type: 'dir',
      path: 'maps',
      title: 'device-map:menu.maps',
      icon: 'map',
      sort: 35,
    });
    const view = items.find((item) => item.name === 'device-map_view');
    expect(view).toMatchObject({
      type: 'page',
      path: 'view',
      parent_id: maps?.id,
      title: 'device-map:menu.view',
    });
    expect(view?.children.map((button) => [button.name, button.title])).toEqual([
      ['export', 'button.export'],
      ['locate', 'device-map:buttons.locate'],
    ]);
    const device = items.find((item) => item.name === 'device' && item.type === 'dir');
    expect(items.find((item) => item.name === 'device-map_heat')?.parent_id).toBe(device?.id);
    for (const row of await pluginRows()) expect(row.id).toBeGreaterThanOrEqual(FIRST_PLUGIN_ITEM_ID);
  });

  it('keeps every id across a re-install, a remove and an install again', async () => {
    await menus.install(manifest());
    const ids = new Map(
      (await pluginRows()).map((row) => [`${row.type}:${row.name}:${row.parentId}`, row.id]),
    );
    expect(await menus.install(manifest())).toEqual({ added: 0, kept: 5, removed: 0 });
    expect(await menus.remove('device-map')).toBe(5);
    expect(
      (await ownerMenu()).some((item) => item.name.startsWith('device-map') || item.name === 'maps'),
    ).toBe(false);
    await menus.install(manifest());
    const again = new Map(
      (await pluginRows()).map((row) => [`${row.type}:${row.name}:${row.parentId}`, row.id]),
    );
    expect(again).toEqual(ids);
    expect((await ownerMenu()).some((item) => item.name === 'device-map_view')).toBe(true);
  });

  it('takes out what a newer manifest no longer has, and updates what changed', async () => {
    await menus.install(manifest());
    const [view, heat] = manifest().pages;
    if (!view?.menu || !heat) throw new Error('fixture');
    const newer = manifest({
      pages: [{ ...view, buttons: ['export'], menu: { ...view.menu, title: 'device-map:menu.viewer' } }],
    });
    expect(await menus.install(newer)).toEqual({ added: 0, kept: 3, removed: 2 });
    const items = await ownerMenu();
    expect(items.find((item) => item.name === 'device-map_view')?.title).toBe('device-map:menu.viewer');
    expect(items.find((item) => item.name === 'device-map_view')?.children.map((b) => b.name)).toEqual([
      'export',
    ]);
    expect(items.some((item) => item.name === heat.name)).toBe(false);
  });

  it('lets a role’s grant, kept by name, apply again when the plugin comes back', async () => {
    await menus.install(manifest());
    const grant = { maps: [], 'device-map_view': ['locate'] };
    await menus.remove('device-map');
    expect(menuTree(await catalogue(), grant)).toEqual({});
    await menus.install(manifest());
    const tree = menuTree(await catalogue(), grant);
    const items = Array.isArray(tree) ? flatten(tree) : [];
    expect(items.map((item) => item.name)).toEqual(['maps', 'device-map_view', 'locate']);
  });

  it('refuses a page that the built-in catalogue or another plugin has, writing nothing', async () => {
    const [view] = manifest().pages;
    if (!view?.menu) throw new Error('fixture');
    const clash = manifest({ pages: [...manifest().pages, { ...view, name: 'system_user' }] });
    await expect(menus.install(clash)).rejects.toThrow(
      new PluginMenuError(
        'Plugin "device-map": the page "system_user" is already in the menu catalogue (built in)',
      ),
    );
    expect(await pluginRows()).toEqual([]);
    await menus.install(manifest());
    await expect(
      menus.install(
        manifest({ id: 'other', catalogueDirs: [], pages: [{ ...view, menu: { ...view.menu, dir: '' } }] }),
      ),
    ).rejects.toThrow(
      'Plugin "other": the page "device-map_view" is already in the menu catalogue (plugin "device-map")',
    );
  });

  it('refuses a page placed in a dir the catalogue does not have', async () => {
    await expect(menus.install(manifest({ catalogueDirs: [] }))).rejects.toThrow(
      'Plugin "device-map": the page "device-map_view" is to sit in the dir "maps", which the menu catalogue does not have',
    );
    expect(await pluginRows()).toEqual([]);
  });

  it('sync installs the listed plugins and removes the items of plugins no longer listed', async () => {
    await menus.sync([manifest()]);
    expect((await ownerMenu()).some((item) => item.name === 'device-map_view')).toBe(true);
    await menus.sync([]);
    expect((await ownerMenu()).some((item) => item.name === 'device-map_view')).toBe(false);
    expect((await pluginRows()).every((row) => row.removed)).toBe(true);
  });
});

describe('plugin operator commands and the console build’s manifests', () => {
  const database = databasePerSuite('pglite');
  const dir = scratchDir('vap-plugin-ops-');
  const run = opsRunner(pluginCommands, database);

  it('plugin:install, plugin:list and plugin:remove work on a manifest file', async () => {
    const file = join(dir(), 'manifest.json');
    await writeFile(file, JSON.stringify(manifest()));
    expect(await run('plugin:install', [file])).toBe(
      'Plugin "device-map": 5 menu items added, 0 kept, 0 removed.',
    );
    expect(await run('plugin:list', [])).toBe('device-map (installed): device-map_view, device-map_heat');
    expect(await run('plugin:remove', ['device-map'])).toBe('Plugin "device-map": 5 menu items removed.');
    expect(await run('plugin:list', [])).toBe('device-map (removed): device-map_view, device-map_heat');
  });

  it('plugin:install refuses a file that is not a manifest, naming the field', async () => {
    const file = join(dir(), 'bad.json');
    await writeFile(file, JSON.stringify({ ...manifest(), id: 'Bad Id' }));
    await expect(run('plugin:install', [file])).rejects.toThrow(`${file}: not a plugin manifest (id:`);
  });

  it('reads the console build’s plugin manifests, and nothing when there is no build', async () => {
    expect(await readConsolePlugins(join(dir(), 'missing'))).toBeNull();
    await writeFile(join(dir(), PLUGIN_MANIFESTS_FILE), JSON.stringify([manifest()]));
    expect(await readConsolePlugins(dir())).toEqual([manifest()]);
    await writeFile(join(dir(), PLUGIN_MANIFESTS_FILE), '{');
    await expect(readConsolePlugins(dir())).rejects.toThrow('is not JSON');
  });
});
