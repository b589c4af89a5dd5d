import { PAGE_NAMES } from '@vap/contracts';
import { PluginRegistry } from '@vap/kernel/host';
import { describe, expect, it } from 'vitest';
import { loadConsolePlugins } from './plugins.js';

const plugins = await loadConsolePlugins();

describe('the console plugin list', () => {
  it('boots: compatible kernels and no page claimed twice', () => {
    expect(() => new PluginRegistry(plugins)).not.toThrow();
  });

  it('claims every known page name of spec §2.3, and only those plus the hidden pages of §2.2', () => {
    const claimed = new PluginRegistry(plugins).claimedPageNames();
    expect(PAGE_NAMES.filter((name) => !claimed.has(name))).toEqual([]);
    const hidden = ['notices', 'messages', 'accesskey'];
    expect([...claimed].filter((name) => !(PAGE_NAMES as readonly string[]).includes(name)).sort()).toEqual(
      hidden.sort(),
    );
  });
});
