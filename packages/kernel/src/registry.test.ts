import { describe, expect, it } from 'vitest';
import { dashboardCard, definePlugin, page, topbarItem, userMenuItem, whenProductEnabled } from './plugin.js';
import { BootError, PluginRegistry } from './registry.js';
import { userInfo } from './test-support.js';

const Empty = async () => ({ default: () => null });

describe('plugin registry', () => {
  it('refuses a plugin written for another kernel major, naming it', () => {
    const plugin = definePlugin({ id: 'old-plugin', kernel: '^2' });
    expect(() => new PluginRegistry([plugin], '1.0.0')).toThrow(BootError);
    expect(() => new PluginRegistry([plugin], '1.0.0')).toThrow(/"old-plugin" needs kernel \^2/);
  });

  it('refuses two plugins claiming one page name, naming both', () => {
    const a = definePlugin({ id: 'a', kernel: '^1', pages: [page('recharge', Empty)] });
    const b = definePlugin({ id: 'b', kernel: '^1', pages: [page('recharge', Empty)] });
    try {
      new PluginRegistry([a, b]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BootError);
      expect((error as BootError).message).toBe('Plugins "a" and "b" both claim the page "recharge"');
      expect((error as BootError).pluginIds).toEqual(['a', 'b']);
    }
  });

  it('refuses a plugin made by a second copy of the kernel (bundled instead of a peer), naming it', () => {
    const real = definePlugin({ id: 'bundler', kernel: '^1' });
    // What another copy's definePlugin returns: the same shape, unknown to this kernel.
    const foreign = Object.freeze({ ...real }) as typeof real;
    expect(() => new PluginRegistry([foreign])).toThrow(
      /^Plugin "bundler" was made by another copy of @vap\/kernel: declare @vap\/kernel as a peer dependency/,
    );
    expect(() => new PluginRegistry([real])).not.toThrow();
  });

  it('refuses a plugin id that is not a package-safe name', () => {
    expect(() => definePlugin({ id: 'Bad Id', kernel: '^1' })).toThrow(/lower-case/);
  });

  it('an activation rule that throws is a boot error naming the plugin', () => {
    const plugin = definePlugin({
      id: 'fragile',
      kernel: '^1',
      activation: () => {
        throw new Error('boom');
      },
    });
    const registry = new PluginRegistry([plugin]);
    expect(() => registry.active({ user: {} as never, products: {}, mqttVersion: null })).toThrow(
      /Plugin "fragile" failed in its activation rule: boom/,
    );
  });
});

describe('top bar and user menu contributions (spec §2.4)', () => {
  const Dialog = async () => ({ default: (_props: { onClose: () => void }) => null });
  const account = definePlugin({
    id: 'account',
    kernel: '^1',
    userMenu: [
      userMenuItem('password', 'account:password.title', { dialog: Dialog }, { order: 50 }),
      userMenuItem('profile', 'account:profile.title', { to: '/profile' }, { order: 10 }),
      userMenuItem('display', 'account:display.title', { dialog: Dialog }, { order: 20, ownerOnly: true }),
    ],
  });
  const notices = definePlugin({
    id: 'notices',
    kernel: '^1',
    activation: whenProductEnabled('cbs'),
    topbar: [topbarItem('bell', Empty, { order: 10 })],
  });
  const registry = new PluginRegistry([account, notices]);
  const context = (role_id: number, cbs = 0) => ({
    user: userInfo({ role_id }),
    products: { cbs },
    mqttVersion: null,
  });

  it('user menu entries are ordered, and owner-only entries show to the owner only', () => {
    expect(registry.userMenuItems(context(0)).map((item) => item.id)).toEqual([
      'profile',
      'display',
      'password',
    ]);
    expect(registry.userMenuItems(context(3)).map((item) => item.id)).toEqual(['profile', 'password']);
  });

  it('top bar items come from active plugins only', () => {
    expect(registry.topbarItems(context(0)).map((item) => item.id)).toEqual(['bell']);
    expect(registry.topbarItems(context(0, 1))).toEqual([]);
  });

  it('two plugins contributing one user menu id is a boot error naming both', () => {
    const twin = definePlugin({
      id: 'twin',
      kernel: '^1',
      userMenu: [userMenuItem('profile', 'twin:x', { to: '/x' })],
    });
    expect(() => new PluginRegistry([account, twin])).toThrow(
      'Plugins "account" and "twin" both claim the user menu item "profile"',
    );
  });
});

describe('dashboard cards', () => {
  const notices = definePlugin({
    id: 'notices',
    kernel: '^1',
    dashboardCards: [dashboardCard('unread', Empty, { order: 20 })],
  });
  const finance = definePlugin({
    id: 'finance',
    kernel: '^1',
    activation: whenProductEnabled('cbs'),
    dashboardCards: [
      dashboardCard('balance', Empty, { order: 10, ownerOnly: true }),
      dashboardCard('orders', Empty),
    ],
  });
  const registry = new PluginRegistry([notices, finance]);
  const context = (role_id: number, cbs = 0) => ({
    user: userInfo({ role_id }),
    products: { cbs },
    mqttVersion: null,
  });

  it('come in order from the active plugins, owner-only cards for the owner only', () => {
    expect(registry.dashboardCards(context(0)).map((card) => card.id)).toEqual([
      'balance',
      'unread',
      'orders',
    ]);
    expect(registry.dashboardCards(context(5)).map((card) => card.id)).toEqual(['unread', 'orders']);
    expect(registry.dashboardCards(context(0, 1)).map((card) => card.id)).toEqual(['unread']);
  });

  it('default to order 100, for everyone', () => {
    expect(dashboardCard('x', Empty)).toEqual({ id: 'x', component: Empty, order: 100, ownerOnly: false });
  });

  it('two plugins contributing one card id is a boot error naming both', () => {
    const twin = definePlugin({ id: 'twin', kernel: '^1', dashboardCards: [dashboardCard('unread', Empty)] });
    expect(() => new PluginRegistry([notices, twin])).toThrow(
      'Plugins "notices" and "twin" both claim the dashboard card "unread"',
    );
    const twice = definePlugin({
      id: 'twice',
      kernel: '^1',
      dashboardCards: [dashboardCard('a', Empty), dashboardCard('a', Empty)],
    });
    expect(() => new PluginRegistry([twice])).toThrow('Plugin "twice" claims the dashboard card "a" twice');
  });
});
