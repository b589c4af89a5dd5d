import { describe, expect, it } from 'vitest';
import { pluginManifest } from './manifest.js';
import {
  dashboardCard,
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

describe('plugin manifest', () => {
  it('lists pages with their buttons, routes, dirs, namespaces and menu entries, derived from the definition', () => {
    const plugin = definePlugin({
      id: 'voip',
      kernel: '^1',
      activation: whenProductEnabled('voip'),
      pages: [
        page('voip_call_center', Empty, { buttons: ['add', 'delete'], keepAlive: true }),
        page('voip_help', Empty, { always: { path: '/voip-help' } }),
      ],
      publicRoutes: [publicRoute('/telnet', Empty, 'menu.telnet')],
      menuDirs: [menuDir('voip', () => true)],
      messages: [messages('voip', { en: noMessages, 'zh-CN': noMessages, 'zh-TW': noMessages })],
      userMenu: [userMenuItem('voip-settings', 'voip:settings', { to: '/voip-help' })],
      dashboardCards: [dashboardCard('voip-calls', Empty)],
    });
    expect(pluginManifest(plugin)).toEqual({
      id: 'voip',
      kernel: '^1',
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
      flags: ['voip'],
      customActivation: false,
      messages: ['voip'],
      services: [],
      topbar: [],
      userMenu: ['voip-settings'],
      dashboardCards: ['voip-calls'],
    });
  });

  it('marks an activation rule that is not a product flag as custom', () => {
    const plugin = definePlugin({ id: 'x', kernel: '^1', activation: () => true });
    expect(pluginManifest(plugin)).toMatchObject({ flags: [], customActivation: true });
  });

  it('is plain JSON', () => {
    const plugin = definePlugin({ id: 'y', kernel: '^1', pages: [page('a', Empty)] });
    expect(JSON.parse(JSON.stringify(pluginManifest(plugin)))).toEqual(pluginManifest(plugin));
  });
});
