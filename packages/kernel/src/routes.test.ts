import type { MenuItem } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { definePlugin, menuDir, messages, page, titleFromQuery, whenProductEnabled } from './plugin.js';
import { PluginRegistry } from './registry.js';
import {
  assembleRoutes,
  documentTitle,
  firstPath,
  hasOpenablePage,
  isEmptyMenus,
  routeTitle,
} from './routes.js';
import { menuItem, userInfo } from './test-support.js';

const Empty = async () => ({ default: () => null });
const noStrings = async () => ({ default: {} });
const plugins = [
  definePlugin({
    id: 'core',
    kernel: '^2',
    pages: [
      page('dashboard', Empty, { affix: true, always: { path: '/dashboard' } }),
      page('accesskey', Empty, { always: { path: '/accesskey', ownerOnly: true } }),
      page('system_user', Empty, { buttons: ['add', 'delete'] }),
      page('system_role', Empty),
    ],
  }),
  definePlugin({
    id: 'mqtt',
    kernel: '^2',
    menuDirs: [menuDir('mqtt', (ctx) => Boolean(ctx.mqttVersion?.main_version))],
    pages: [page('mqtt_dashboard', Empty)],
  }),
  definePlugin({
    id: 'voip',
    kernel: '^2',
    activation: whenProductEnabled('voip'),
    pages: [page('voip_dial_record', Empty)],
  }),
];
const registry = new PluginRegistry(plugins);
const context = (overrides = {}) => ({
  user: userInfo(),
  products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 0 },
  mqttVersion: { main_version: '5.0.0', api_version: '1', metrics_api_version: '1', unix_milli: 0 },
  ...overrides,
});

/** A dir of the server's menus, at path `name`, holding `children`. */
const dirItem = (name: string, children: MenuItem[]) => menuItem({ name, type: 'dir', path: name, children });

const systemDir = () =>
  dirItem('system', [
    menuItem({
      name: 'system_user',
      type: 'page',
      path: 'user',
      children: [
        menuItem({ name: 'add', type: 'btn', path: '' }),
        menuItem({ name: 'delete', type: 'btn', path: '' }),
      ],
    }),
    menuItem({ name: 'system_role', type: 'page', path: 'role', is_disable: true }),
  ]);

describe('route assembly (spec §2.3)', () => {
  it('btn items become the button list of the page they belong to', () => {
    const { byName } = assembleRoutes([systemDir()], registry, context());
    expect(byName.get('system_user')?.buttons).toEqual(['add', 'delete']);
    expect(byName.get('system_user')?.path).toBe('/system/user');
  });

  it('disabled pages are dropped', () => {
    const { byName } = assembleRoutes([systemDir()], registry, context());
    expect(byName.has('system_role')).toBe(false);
  });

  it('a dir without children is dropped', () => {
    const onlyDisabled = dirItem('system', [
      menuItem({ name: 'system_role', type: 'page', is_disable: true }),
    ]);
    expect(assembleRoutes([onlyDisabled], registry, context()).tree).toEqual([]);
  });

  it('external links are marked to open in a new tab; inner links are joined to their dir', () => {
    const dir = dirItem('open', [
      menuItem({ name: 'open_docs', type: 'link', path: 'https://docs.example.com' }),
      menuItem({ name: 'inner', type: 'link', path: 'inner' }),
    ]);
    const [open] = assembleRoutes([dir], registry, context()).tree;
    expect(open?.children.map((child) => [child.path, child.external])).toEqual([
      ['https://docs.example.com', true],
      ['/open/inner', false],
    ]);
  });

  it('the mqtt dir is hidden unless the MQTT version has a non-empty main_version', () => {
    const mqtt = dirItem('mqtt', [menuItem({ name: 'mqtt_dashboard', type: 'page' })]);
    expect(assembleRoutes([mqtt], registry, context()).tree).toHaveLength(1);
    const noBroker = context({
      mqttVersion: { main_version: '', api_version: '', metrics_api_version: '', unix_milli: 0 },
    });
    expect(assembleRoutes([mqtt], registry, noBroker).tree).toHaveLength(0);
    expect(assembleRoutes([mqtt], registry, context({ mqttVersion: null })).tree).toHaveLength(0);
  });

  it('pages of a plugin behind a product flag show only when the flag is 0', () => {
    const voip = dirItem('voip', [menuItem({ name: 'voip_dial_record', type: 'page' })]);
    expect(assembleRoutes([voip], registry, context()).byName.has('voip_dial_record')).toBe(true);
    const off = context({ products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 1 } });
    const assembly = assembleRoutes([voip], registry, off);
    expect(assembly.byName.has('voip_dial_record')).toBe(false);
    expect(assembly.unclaimed).toEqual([]);
  });

  it('menu pages no plugin claims are reported and routed without a screen', () => {
    const assembly = assembleRoutes([menuItem({ name: 'mystery_page', type: 'page' })], registry, context());
    expect(assembly.unclaimed).toEqual(['mystery_page']);
    expect(assembly.byName.get('mystery_page')?.page).toBeUndefined();
  });

  it('always-added pages exist whatever the menu says; accesskey only for role_id 0', () => {
    const owner = assembleRoutes([], registry, context());
    expect(owner.byName.get('dashboard')?.path).toBe('/dashboard');
    expect(owner.byName.get('accesskey')?.hidden).toBe(true);
    const member = assembleRoutes([], registry, context({ user: userInfo({ role_id: 3 }) }));
    expect(member.byName.has('dashboard')).toBe(true);
    expect(member.byName.has('accesskey')).toBe(false);
  });

  it('accesskey is not added for a user without a company, whatever their role_id says', () => {
    for (const role_id of [null, 0]) {
      const user = userInfo({ role_id, company: null });
      expect(assembleRoutes([], registry, context({ user })).byName.has('accesskey')).toBe(false);
    }
  });

  it("an always-added page is titled from its plugin's own namespace; a catalogue page by the catalogue", () => {
    const Own = definePlugin({
      id: 'inbox',
      kernel: '^2',
      pages: [page('inbox', Empty, { always: { path: '/inbox' } }), page('system_audit', Empty)],
      messages: [messages('inbox', { en: noStrings, 'zh-CN': noStrings, 'zh-TW': noStrings })],
    });
    const assembly = assembleRoutes(
      [menuItem({ name: 'system_audit', type: 'page' })],
      new PluginRegistry([...plugins, Own]),
      context(),
    );
    expect(assembly.byName.get('inbox')?.title).toBe('inbox:menu.inbox');
    expect(assembly.byName.get('system_audit')?.title).toBe('menu.system_audit');
    // A plugin without strings of its own: the console's key.
    expect(assembly.byName.get('accesskey')?.title).toBe('menu.accesskey');
  });

  it("a page's route names its plugin's message namespaces, which load with its code", () => {
    const Own = definePlugin({
      id: 'inbox',
      kernel: '^2',
      pages: [page('inbox', Empty, { always: { path: '/inbox' } }), page('system_audit', Empty)],
      messages: [
        messages('inbox', { en: noStrings, 'zh-CN': noStrings, 'zh-TW': noStrings }),
        messages('inbox-extra', { en: noStrings, 'zh-CN': noStrings, 'zh-TW': noStrings }),
      ],
    });
    const assembly = assembleRoutes(
      [menuItem({ name: 'system_audit', type: 'page' })],
      new PluginRegistry([...plugins, Own]),
      context(),
    );
    expect(assembly.byName.get('system_audit')?.messages).toEqual(['inbox', 'inbox-extra']);
    expect(assembly.byName.get('inbox')?.messages).toEqual(['inbox', 'inbox-extra']);
  });

  it('children are ordered by sort', () => {
    const items = [
      menuItem({ name: 'system_role', type: 'page', sort: 2 }),
      menuItem({ name: 'system_user', type: 'page', sort: 1 }),
    ];
    expect(assembleRoutes(items, registry, context()).tree.map((route) => route.name)).toEqual([
      'system_user',
      'system_role',
    ]);
  });
});

describe('/index (spec §2.3)', () => {
  it('goes to the first visible page, looking inside dirs', () => {
    const hidden = menuItem({ name: 'system_role', type: 'page', path: 'role', is_hidden: true });
    const { tree } = assembleRoutes([hidden, systemDir()], registry, context());
    expect(firstPath(tree)).toBe('/system/user');
  });

  it('has no target when nothing is available, which the console sends to /404', () => {
    expect(firstPath([])).toBeNull();
  });
});

describe('no-access menus (spec §4.1)', () => {
  it('an empty object or an empty list grants nothing', () => {
    expect(isEmptyMenus({})).toBe(true);
    expect(isEmptyMenus([])).toBe(true);
    expect(isEmptyMenus([menuItem({ name: 'dashboard', type: 'page' })])).toBe(false);
  });

  const openable = (menus: Parameters<typeof assembleRoutes>[0], overrides = {}) =>
    hasOpenablePage(assembleRoutes(menus, registry, context(overrides)).tree);

  it('a dir granted without any page of it opens no page', () => {
    expect(openable([menuItem({ name: 'cloud', type: 'dir', children: [] })])).toBe(false);
  });

  it('pages only of plugins the company’s product flags turn off open no page', () => {
    const voip = menuItem({
      name: 'voip',
      type: 'dir',
      children: [menuItem({ name: 'voip_dial_record', type: 'page' })],
    });
    // A flag of 0 turns the product on (spec §2.3).
    expect(openable([voip], { products: { cbs: 0, lvlm_lab: 0, rsrc_mgt: 0, voip: 1 } })).toBe(false);
    expect(openable([voip])).toBe(true);
  });

  it('hidden pages, disabled pages and links open no page; a page no plugin claims opens as "coming soon"', () => {
    const none = [
      menuItem({ name: 'system_user', type: 'page', is_hidden: true }),
      menuItem({ name: 'system_role', type: 'page', is_disable: true }),
      menuItem({ name: 'docs', type: 'link', path: 'https://docs.example.com' }),
    ];
    expect(openable(none)).toBe(false);
    expect(openable([...none, menuItem({ name: 'mystery_page', type: 'page' })])).toBe(true);
    expect(openable([systemDir()])).toBe(true);
  });
});

describe('titles (spec §2.3)', () => {
  const detail = assembleRoutes(
    [
      menuItem({
        name: 'algmall',
        type: 'dir',
        children: [menuItem({ name: 'algmall_product_detail', type: 'page' })],
      }),
    ],
    new PluginRegistry([
      definePlugin({
        id: 'algmall',
        kernel: '^2',
        pages: [page('algmall_product_detail', Empty, { title: titleFromQuery('name') })],
      }),
    ]),
    context(),
  ).byName.get('algmall_product_detail');

  it('the title of algmall_product_detail and adpkg_design comes from the query parameter name', () => {
    if (!detail) throw new Error('no route');
    expect(routeTitle(detail, '?id=3&name=Face%20detection')).toEqual({ text: 'Face detection' });
    expect(routeTitle(detail, '?id=3')).toEqual({ key: 'menu.algmall_product_detail' });
  });

  it('the browser title is the page title followed by the product title', () => {
    expect(documentTitle('Users', 'VAP Console')).toBe('Users - VAP Console');
    expect(documentTitle(undefined, 'VAP Console')).toBe('VAP Console');
  });
});
