import { pluginManifestSchema } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { contribute, createExtensionPoint } from './extension-points.js';
import { pluginManifest } from './manifest.js';
import {
  definePlugin,
  menuDir,
  messages,
  page,
  publicRoute,
  userMenuItem,
  whenProductEnabled,
} from './plugin.js';

const Empty = async () => ({ default: () => null });
const noMessages = async () => ({ default: {} });
const Cards = createExtensionPoint<typeof Empty>('board.cards@1');

describe('plugin manifest', () => {
  it('lists pages with their buttons, routes, dirs, namespaces and menu entries, derived from the definition', () => {
    const plugin = definePlugin({
      id: 'voip',
      kernel: '^2',
      activation: whenProductEnabled('voip'),
      pages: [
        page('voip_call_center', Empty, { buttons: ['add', 'delete'], keepAlive: true }),
        page('voip_help', Empty, { always: { path: '/voip-help' } }),
      ],
      publicRoutes: [publicRoute('/telnet', Empty, 'menu.telnet')],
      menuDirs: [menuDir('voip', () => true)],
      messages: [messages('voip', { en: noMessages, 'zh-CN': noMessages, 'zh-TW': noMessages })],
      userMenu: [userMenuItem('voip-settings', 'voip:settings', { to: '/voip-help' })],
      contributions: [contribute(Cards, 'voip-calls', Empty)],
    });
    expect(pluginManifest(plugin)).toEqual({
      id: 'voip',
      kernel: '^2',
      pages: [
        { name: 'voip_call_center', buttons: ['add', 'delete'], keepAlive: true, affix: false },
        {
          name: 'voip_help',
          buttons: [],
          keepAlive: false,
          affix: false,
          always: { path: '/voip-help', ownerOnly: false },
        },
      ],
      publicRoutes: ['/telnet'],
      menuDirs: ['voip'],
      catalogueDirs: [],
      flags: ['voip'],
      customActivation: false,
      messages: ['voip'],
      services: [],
      topbar: [],
      userMenu: ['voip-settings'],
      contributions: [{ point: 'board.cards@1', id: 'voip-calls' }],
    });
  });

  it('carries the catalogue entries of pages and dirs the built-in catalogue lacks, defaults filled in', () => {
    const plugin = definePlugin({
      id: 'device-map',
      kernel: '^2',
      menuDirs: [menuDir('maps', () => true, { title: 'device-map:menu.maps', icon: 'map', sort: 35 })],
      pages: [
        page('device-map_view', Empty, {
          buttons: ['export', 'locate'],
          menu: {
            dir: 'maps',
            path: 'view',
            title: 'device-map:menu.view',
            buttons: { locate: 'device-map:locate' },
          },
        }),
        page('device-map_top', Empty, {
          menu: { path: 'top', title: 'device-map:menu.top', icon: 'globe', sort: 5 },
        }),
      ],
    });
    const manifest = pluginManifest(plugin);
    expect(manifest.catalogueDirs).toEqual([
      { name: 'maps', path: 'maps', title: 'device-map:menu.maps', icon: 'map', sort: 35 },
    ]);
    expect(manifest.pages.map((entry) => entry.menu)).toEqual([
      {
        dir: 'maps',
        path: 'view',
        title: 'device-map:menu.view',
        icon: '',
        sort: 100,
        buttons: { locate: 'device-map:locate' },
      },
      { dir: '', path: 'top', title: 'device-map:menu.top', icon: 'globe', sort: 5, buttons: {} },
    ]);
    expect(pluginManifestSchema.parse(manifest)).toEqual(manifest);
  });

  it('marks an activation rule that is not a product flag as custom', () => {
    const plugin = definePlugin({ id: 'x', kernel: '^2', activation: () => true });
    expect(pluginManifest(plugin)).toMatchObject({ flags: [], customActivation: true });
  });

  it('is plain JSON', () => {
    const plugin = definePlugin({ id: 'y', kernel: '^2', pages: [page('a', Empty)] });
    expect(JSON.parse(JSON.stringify(pluginManifest(plugin)))).toEqual(pluginManifest(plugin));
  });
});
