import { describe, expect, it } from 'vitest';
import { contribute, createExtensionPoint } from './extension-points.js';
import { definePlugin, messages, page, topbarItem, userMenuItem, whenProductEnabled } from './plugin.js';
import { BootError, PluginRegistry } from './registry.js';
import { userInfo } from './test-support.js';

const Empty = async () => ({ default: () => null });
const noStrings = async () => ({ default: {} });

describe('plugin registry', () => {
  it('refuses a plugin written for another kernel major, naming it', () => {
    const plugin = definePlugin({ id: 'old-plugin', kernel: '^2' });
    expect(() => new PluginRegistry([plugin], '1.0.0')).toThrow(BootError);
    expect(() => new PluginRegistry([plugin], '1.0.0')).toThrow(/"old-plugin" needs kernel \^2/);
  });

  it('accepts the ranges of npm semver: caret, tilde, x-ranges and combined comparators', () => {
    for (const range of ['^1', '^1.2', '~1.4', '1.x', '>=1.2.0 <2', '*']) {
      const plugin = definePlugin({ id: 'ranged', kernel: range });
      expect(() => new PluginRegistry([plugin], '1.4.2'), range).not.toThrow();
    }
    for (const range of ['^1.5', '~1.3', '2.x', '<1']) {
      const plugin = definePlugin({ id: 'ranged', kernel: range });
      expect(() => new PluginRegistry([plugin], '1.4.2'), range).toThrow('Plugin "ranged" needs kernel');
    }
  });

  it('refuses an unreadable range instead of matching it silently, naming the plugin', () => {
    const plugin = definePlugin({ id: 'odd', kernel: 'latest' });
    expect(() => new PluginRegistry([plugin], '1.0.0')).toThrow(
      'Plugin "odd": Unsupported version range "latest"',
    );
  });

  it('refuses two plugins claiming one page name, naming both', () => {
    const a = definePlugin({ id: 'a', kernel: '^2', pages: [page('recharge', Empty)] });
    const b = definePlugin({ id: 'b', kernel: '^2', pages: [page('recharge', Empty)] });
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
    const real = definePlugin({ id: 'bundler', kernel: '^2' });
    // What another copy's definePlugin returns: the same shape, unknown to this kernel.
    const foreign = Object.freeze({ ...real }) as typeof real;
    expect(() => new PluginRegistry([foreign])).toThrow(
      /^Plugin "bundler" was made by another copy of @vap\/kernel: declare @vap\/kernel as a peer dependency/,
    );
    expect(() => new PluginRegistry([real])).not.toThrow();
  });

  it('refuses a plugin id that is not a package-safe name', () => {
    expect(() => definePlugin({ id: 'Bad Id', kernel: '^2' })).toThrow(/lower-case/);
  });

  it('an activation rule that throws is a boot error naming the plugin', () => {
    const plugin = definePlugin({
      id: 'fragile',
      kernel: '^2',
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
    kernel: '^2',
    userMenu: [
      userMenuItem('password', 'account:password.title', { dialog: Dialog }, { order: 50 }),
      userMenuItem('profile', 'account:profile.title', { to: '/profile' }, { order: 10 }),
      userMenuItem('display', 'account:display.title', { dialog: Dialog }, { order: 20, ownerOnly: true }),
    ],
  });
  const notices = definePlugin({
    id: 'notices',
    kernel: '^2',
    activation: whenProductEnabled('cbs'),
    topbar: [topbarItem('bell', Empty, { order: 10 })],
  });
  const registry = new PluginRegistry([account, notices]);
  const context = (role_id: number | null, cbs = 0) => ({
    user: userInfo({ role_id, ...(role_id === null ? { company: null } : {}) }),
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

  it('a user without a company (role_id null) gets no owner-only entry', () => {
    expect(registry.userMenuItems(context(null)).map((item) => item.id)).toEqual(['profile', 'password']);
  });

  it('top bar items come from active plugins only', () => {
    expect(registry.topbarItems(context(0)).map((item) => item.id)).toEqual(['bell']);
    expect(registry.topbarItems(context(0, 1))).toEqual([]);
  });

  it('two plugins contributing one user menu id is a boot error naming both', () => {
    const twin = definePlugin({
      id: 'twin',
      kernel: '^2',
      userMenu: [userMenuItem('profile', 'twin:x', { to: '/x' })],
    });
    expect(() => new PluginRegistry([account, twin])).toThrow(
      'Plugins "account" and "twin" both claim the user menu item "profile"',
    );
  });
});

describe('extension points', () => {
  /** A point as a plugin that offers it would declare it. */
  const Cards = createExtensionPoint<{ component: typeof Empty }>('board.cards@1');
  const Other = createExtensionPoint<string>('board.other@1');
  const notices = definePlugin({
    id: 'notices',
    kernel: '^2',
    contributions: [contribute(Cards, 'unread', { component: Empty }, { order: 20 })],
  });
  const finance = definePlugin({
    id: 'finance',
    kernel: '^2',
    activation: whenProductEnabled('cbs'),
    contributions: [
      contribute(Cards, 'balance', { component: Empty }, { order: 10, ownerOnly: true }),
      contribute(Cards, 'orders', { component: Empty }),
      contribute(Other, 'orders', 'not a card'),
    ],
  });
  const registry = new PluginRegistry([notices, finance]);
  const context = (role_id: number, cbs = 0) => ({
    user: userInfo({ role_id }),
    products: { cbs },
    mqttVersion: null,
  });

  it('answer the contributions to one point, in order, from the active plugins, owner-only ones for the owner only', () => {
    expect(registry.contributions(Cards, context(0)).map((card) => card.id)).toEqual([
      'balance',
      'unread',
      'orders',
    ]);
    expect(registry.contributions(Cards, context(5)).map((card) => card.id)).toEqual(['unread', 'orders']);
    expect(registry.contributions(Cards, context(0, 1)).map((card) => card.id)).toEqual(['unread']);
    expect(registry.contributions(Other, context(0)).map((item) => item.value)).toEqual(['not a card']);
  });

  it("name the contributing plugin's message namespaces, which load with a contributed component", () => {
    const strings = messages('notices', { en: noStrings, 'zh-CN': noStrings, 'zh-TW': noStrings });
    const noticesWithStrings = definePlugin({
      id: 'notices',
      kernel: '^2',
      contributions: notices.contributions ?? [],
      messages: [strings],
    });
    const withStrings = new PluginRegistry([noticesWithStrings, finance]);
    const cards = withStrings.contributions(Cards, context(0));
    expect(cards.map((card) => [card.id, card.messages])).toEqual([
      ['balance', []],
      ['unread', ['notices']],
      ['orders', []],
    ]);
  });

  it('match a point by its id, so a second copy of the point object finds the same contributions', () => {
    const copy = createExtensionPoint<{ component: typeof Empty }>('board.cards@1');
    expect(registry.contributions(copy, context(5)).map((card) => card.id)).toEqual(['unread', 'orders']);
  });

  it('default to order 100, for everyone', () => {
    expect(contribute(Other, 'x', 'v')).toEqual({
      point: 'board.other@1',
      id: 'x',
      value: 'v',
      order: 100,
      ownerOnly: false,
    });
  });

  it('need a point id with its version', () => {
    expect(() => createExtensionPoint('cards')).toThrow(
      'Extension point id "cards" must look like "plugin.place@1"',
    );
  });

  it('two plugins contributing one id to a point is a boot error naming both', () => {
    const twin = definePlugin({
      id: 'twin',
      kernel: '^2',
      contributions: [contribute(Cards, 'unread', { component: Empty })],
    });
    expect(() => new PluginRegistry([notices, twin])).toThrow(
      'Plugins "notices" and "twin" both claim the contribution "unread" to "board.cards@1"',
    );
    const twice = definePlugin({
      id: 'twice',
      kernel: '^2',
      contributions: [contribute(Other, 'a', '1'), contribute(Other, 'a', '2')],
    });
    expect(() => new PluginRegistry([twice])).toThrow(
      'Plugin "twice" claims the contribution "a" to "board.other@1" twice',
    );
  });
});
