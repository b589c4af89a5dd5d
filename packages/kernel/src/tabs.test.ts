import { describe, expect, it } from 'vitest';
import { EventBus } from './events.js';
import { definePlugin, page } from './plugin.js';
import { PluginRegistry } from './registry.js';
import { assembleRoutes } from './routes.js';
import { REDIRECT_PREFIX, TABS_STORAGE_KEY, TabsService } from './tabs.js';
import { MemoryStorage } from './test-server.js';
import { menuItem, userInfo } from './test-support.js';

const Empty = async () => ({ default: () => null });
const registry = new PluginRegistry([
  definePlugin({
    id: 'core',
    kernel: '^2',
    pages: [
      page('dashboard', Empty, { affix: true, always: { path: '/dashboard' } }),
      page('system_user', Empty),
      page('system_role', Empty),
      page('mqtt_debug_tool', Empty, { keepAlive: true }),
      page('algmall_product_detail', Empty, { title: ({ query }) => query.get('name') ?? undefined }),
    ],
  }),
]);

const dir = (name: string, pages: string[]) =>
  menuItem({
    name,
    type: 'dir',
    path: name,
    children: pages.map((pageName) =>
      menuItem({ name: pageName, type: 'page', path: pageName.replace(`${name}_`, '') }),
    ),
  });

function routesFor(pages = ['system_user', 'system_role']) {
  const menus = [
    dir('system', pages),
    dir('mqtt', ['mqtt_debug_tool']),
    dir('algmall', ['algmall_product_detail']),
  ];
  return assembleRoutes(menus, registry, { user: userInfo({ menus }), products: {}, mqttVersion: null });
}

function setup(storage = new MemoryStorage()) {
  const bus = new EventBus();
  const tabs = new TabsService(storage, bus);
  const routes = routesFor();
  tabs.start(routes);
  const visit = (name: string, search = '') => {
    const route = routes.byName.get(name);
    if (!route) throw new Error(name);
    tabs.open(route, { pathname: route.path, search });
  };
  return { tabs, bus, storage, routes, visit };
}

const keys = (tabs: TabsService) => tabs.state.views.map((view) => view.key);

describe('tabs (spec §2.4)', () => {
  it('the affix dashboard tab is open first and cannot be closed', () => {
    const { tabs } = setup();
    expect(keys(tabs)).toEqual(['/dashboard']);
    expect(tabs.close('/dashboard')).toBeNull();
    expect(keys(tabs)).toEqual(['/dashboard']);
  });

  it('visited views open once each, in visit order', () => {
    const { tabs, visit } = setup();
    visit('system_user');
    visit('system_role');
    visit('system_user', '?page=2');
    expect(keys(tabs)).toEqual(['/dashboard', '/system/user', '/system/role']);
    expect(tabs.state.views[1]?.fullPath).toBe('/system/user?page=2');
    expect(tabs.state.activeKey).toBe('/system/user');
  });

  it('one page with different name query parameters opens as separate tabs, titled from the name', () => {
    const { tabs, visit } = setup();
    visit('algmall_product_detail', '?id=1&name=Face%20detection');
    visit('algmall_product_detail', '?id=2&name=Plate%20recognition');
    const details = tabs.state.views.filter((view) => view.name === 'algmall_product_detail');
    expect(details.map((view) => view.label)).toEqual(['Face detection', 'Plate recognition']);
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const { tabs, visit } = setup();
    visit('system_user');
    visit('system_role');
    expect(tabs.close('/system/role')).toBe('/system/user');
    expect(tabs.state.activeKey).toBe('/system/user');
  });

  it('closing a tab that is not active stays where the user is', () => {
    const { tabs, visit } = setup();
    visit('system_user');
    visit('system_role');
    expect(tabs.close('/system/user')).toBeNull();
    expect(keys(tabs)).toEqual(['/dashboard', '/system/role']);
  });

  it('when the last tab closes the user goes to /', () => {
    const tabs = new TabsService(new MemoryStorage(), new EventBus());
    const route = routesFor().byName.get('system_user');
    if (!route) throw new Error('no route');
    tabs.open(route, { pathname: route.path, search: '' });
    expect(tabs.close('/system/user')).toBe('/');
    expect(tabs.state.views).toEqual([]);
  });

  it('close others keeps the affix tabs and the chosen one', () => {
    const { tabs, visit } = setup();
    visit('system_user');
    visit('system_role');
    visit('mqtt_debug_tool');
    expect(tabs.closeOthers('/system/role')).toBe('/system/role');
    expect(keys(tabs)).toEqual(['/dashboard', '/system/role']);
  });

  it('close all keeps the pinned dashboard and goes to it', () => {
    const { tabs, visit } = setup();
    visit('system_user');
    visit('system_role');
    expect(tabs.closeAll()).toBe('/dashboard');
    expect(keys(tabs)).toEqual(['/dashboard']);
  });

  it('refresh goes through /redirect and announces tabs.refresh', () => {
    const { tabs, bus, visit } = setup();
    const refreshed: unknown[] = [];
    bus.subscribe('tabs.refresh', (event) => refreshed.push(event));
    visit('system_user', '?page=3');
    expect(tabs.refresh('/system/user')).toBe(`${REDIRECT_PREFIX}/system/user?page=3`);
    expect(refreshed).toEqual([{ key: '/system/user', name: 'system_user' }]);
  });

  it('keeps alive only the open pages that ask for it', () => {
    const { tabs, visit } = setup();
    visit('system_user');
    visit('mqtt_debug_tool');
    expect(tabs.cachedNames).toEqual(['mqtt_debug_tool']);
    tabs.close('/mqtt/debug_tool');
    expect(tabs.cachedNames).toEqual([]);
  });

  it('open tabs are restored after a reload, minus pages the user may no longer open', () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    first.visit('system_user');
    first.visit('system_role', '?q=x');
    expect(storage.getItem(TABS_STORAGE_KEY)).not.toBeNull();

    const reloaded = new TabsService(storage, new EventBus());
    reloaded.start(routesFor(['system_role']));
    expect(reloaded.state.views.map((view) => view.fullPath)).toEqual(['/dashboard', '/system/role?q=x']);
  });

  it('reset forgets every tab, for logout and for another user signing in', () => {
    const { tabs, storage, visit } = setup();
    visit('system_user');
    tabs.reset();
    expect(tabs.state.views).toEqual([]);
    expect(storage.getItem(TABS_STORAGE_KEY)).toBeNull();
  });

  it('ignores unreadable saved tabs', () => {
    const storage = new MemoryStorage();
    storage.setItem(TABS_STORAGE_KEY, '{not json');
    const { tabs } = setup(storage);
    expect(keys(tabs)).toEqual(['/dashboard']);
  });

  it('tells which open tabs hold unsaved work, by what their pages say, until they stop saying it', () => {
    const { tabs, visit } = setup();
    visit('mqtt_debug_tool');
    visit('system_user');
    let unsaved = true;
    const release = tabs.guard('/mqtt/debug_tool', () => unsaved);
    expect(tabs.unsaved().map((view) => view.key)).toEqual(['/mqtt/debug_tool']);
    expect(tabs.unsaved(['/system/user'])).toEqual([]);
    unsaved = false;
    expect(tabs.unsaved()).toEqual([]);
    unsaved = true;
    release();
    expect(tabs.unsaved()).toEqual([]);
  });
});
