import { describe, expect, it } from 'vitest';
import { loadPlugins } from './load-plugins.js';
import { definePlugin } from './plugin.js';
import { BootError } from './registry.js';

const good = definePlugin({ id: 'good', kernel: '^2' });

describe('loading plugin packages', () => {
  it('keeps the listed order', async () => {
    const other = definePlugin({ id: 'other', kernel: '^2' });
    const plugins = await loadPlugins({
      '@vap/plugin-good': async () => ({ default: good }),
      '@vap/plugin-other': async () => ({ default: other }),
    });
    expect(plugins.map((plugin) => plugin.id)).toEqual(['good', 'other']);
  });

  it('a package throwing at start-up is a boot error naming it', async () => {
    const failure = loadPlugins({
      '@vap/plugin-good': async () => ({ default: good }),
      '@vap/plugin-broken': async () => {
        throw new Error('window is not defined');
      },
    });
    await expect(failure).rejects.toBeInstanceOf(BootError);
    await expect(failure).rejects.toThrow(
      'Plugin package "@vap/plugin-broken" failed to start: window is not defined',
    );
  });

  it('a package that does not export a plugin is a boot error naming it', async () => {
    await expect(
      loadPlugins({ '@vap/plugin-empty': async () => ({ default: { id: 'x' } }) }),
    ).rejects.toThrow(
      'Plugin package "@vap/plugin-empty" does not default-export a plugin made with definePlugin()',
    );
  });
});
