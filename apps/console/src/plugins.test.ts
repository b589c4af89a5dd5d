import { PAGE_NAMES } from '@vap/contracts';
import { definePlugin, type Plugin, page } from '@vap/kernel';
import { PluginRegistry } from '@vap/kernel/host';
import { describe, expect, it } from 'vitest';
import { loadConsolePlugins } from './plugins.js';

const plugins = await loadConsolePlugins();

/**
 * The pages of these plugins that nothing routes: not in the built-in catalogue (`PAGE_NAMES`, spec
 * §2.3), not placing themselves in the menu (`menu`, installed from the manifest) and not routed at
 * an address of their own (`always`, the hidden pages of §2.2).
 */
const unroutedPages = (list: readonly Plugin[]) =>
  list
    .flatMap((plugin) => plugin.pages ?? [])
    .filter((claimed) => !(PAGE_NAMES as readonly string[]).includes(claimed.name))
    .filter((claimed) => !claimed.menu && !claimed.always)
    .map((claimed) => claimed.name);

const blank = async () => ({ default: () => null });

describe('the console plugin list', () => {
  it('boots: compatible kernels and no page claimed twice', () => {
    expect(() => new PluginRegistry(plugins)).not.toThrow();
  });

  it('claims every page of the built-in catalogue (spec §2.3)', () => {
    const claimed = new PluginRegistry(plugins).claimedPageNames();
    expect(PAGE_NAMES.filter((name) => !claimed.has(name))).toEqual([]);
  });

  it('claims other pages only where they place themselves in the menu or have an address of their own', () => {
    expect(unroutedPages(plugins)).toEqual([]);
  });

  it("takes an installed plugin's own page without an entry in PAGE_NAMES, as docs/plugin-api.md promises", () => {
    const installed = definePlugin({
      id: 'x-y',
      kernel: '^2',
      pages: [
        page('x-y_example', blank, {
          menu: { path: 'example', title: 'x-y:menu.example' },
        }),
        page('x-y_stray', blank),
      ],
    });
    expect(unroutedPages([...plugins, installed])).toEqual(['x-y_stray']);
  });
});
