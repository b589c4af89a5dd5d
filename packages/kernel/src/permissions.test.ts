import { describe, expect, it } from 'vitest';
import { isButtonPermitted, pathOfRoute } from './permissions.js';
import { definePlugin, page } from './plugin.js';
import { PluginRegistry } from './registry.js';
import { assembleRoutes } from './routes.js';
import { systemUserMenus, userInfo } from './test-support.js';

const Empty = async () => ({ default: () => null });
const registry = new PluginRegistry([
  definePlugin({ id: 'core', kernel: '^2', pages: [page('system_user', Empty), page('recharge', Empty)] }),
]);
const menus = systemUserMenus();
const routes = assembleRoutes(menus, registry, {
  user: userInfo({ menus }),
  products: {},
  mqttVersion: null,
});

describe('permissions (spec §6)', () => {
  const { company } = userInfo();

  it('the owner (role_id 0) bypasses button checks', () => {
    expect(isButtonPermitted({ role_id: 0, company }, { buttons: [] }, 'delete')).toBe(true);
  });

  it('a button is hidden when the current route does not list it', () => {
    expect(isButtonPermitted({ role_id: 3, company }, { buttons: ['add'] }, 'add')).toBe(true);
    expect(isButtonPermitted({ role_id: 3, company }, { buttons: ['add'] }, 'delete')).toBe(false);
    expect(isButtonPermitted({ role_id: 3, company }, null, 'add')).toBe(false);
  });

  it("a user without a company (role_id null) is nobody's owner", () => {
    expect(isButtonPermitted({ role_id: null, company: null }, { buttons: [] }, 'delete')).toBe(false);
    // Not even when some reading left a 0 there: role 0 is the owner only within a company.
    expect(isButtonPermitted({ role_id: 0, company: null }, { buttons: [] }, 'delete')).toBe(false);
  });

  it('nobody signed in may use any button', () => {
    expect(isButtonPermitted(null, { buttons: ['add'] }, 'add')).toBe(false);
  });
});

describe('navigation by route name (spec §2.3)', () => {
  it('is allowed only to a name among the permitted routes', () => {
    expect(pathOfRoute(routes, 'system_user')).toBe('/system/user');
    expect(pathOfRoute(routes, 'recharge')).toBeNull();
    expect(pathOfRoute(null, 'system_user')).toBeNull();
  });

  it('carries a query', () => {
    expect(pathOfRoute(routes, 'system_user', { page: '2', name: '张三' })).toBe(
      '/system/user?page=2&name=%E5%BC%A0%E4%B8%89',
    );
  });

  it('dirs are not navigation targets', () => {
    expect(pathOfRoute(routes, 'system')).toBeNull();
  });
});
