import { describe, expect, it } from 'vitest';
import { definePlugin, page } from './plugin.js';
import { BootError, PluginRegistry } from './registry.js';

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
