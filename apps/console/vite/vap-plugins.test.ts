// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PluginManifest } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginServers, pluginsModule, readPluginList, tailwindSources } from './vap-plugins.js';

const APP_DIR = join(import.meta.dirname, '..');

const manifest = (id: string): PluginManifest => ({
  id,
  kernel: '^2',
  pages: [],
  publicRoutes: [],
  menuDirs: [],
  catalogueDirs: [],
  flags: [],
  customActivation: false,
  messages: [],
  services: [],
  topbar: [],
  userMenu: [],
  contributions: [],
});

describe('the console plugin list (plugins.json)', () => {
  let dir: string;
  const list = async (entries: unknown) => {
    const file = join(dir, 'plugins.json');
    await writeFile(file, JSON.stringify(entries));
    return file;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vap-plugin-list-'));
    await mkdir(join(dir, 'map/dist'), { recursive: true });
    await writeFile(join(dir, 'map/package.json'), JSON.stringify({ name: '@acme/vap-plugin-map' }));
    await writeFile(join(dir, 'map/dist/manifest.json'), JSON.stringify(manifest('map')));
    await mkdir(join(dir, 'pins/dist'), { recursive: true });
    await writeFile(
      join(dir, 'pins/package.json'),
      JSON.stringify({
        name: '@acme/pins',
        exports: { '.': './dist/index.js', './server': './dist/server.js' },
      }),
    );
    await writeFile(join(dir, 'pins/dist/manifest.json'), JSON.stringify(manifest('pins')));
    await mkdir(join(dir, 'unbuilt'), { recursive: true });
    await writeFile(join(dir, 'unbuilt/package.json'), JSON.stringify({ name: '@acme/unbuilt' }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes installed packages by name and plugin directories by path, in list order, with their manifests', async () => {
    const plugins = readPluginList(await list(['@vap/plugin-dashboard', './map']), APP_DIR);
    expect(plugins.map((plugin) => [plugin.name, plugin.entry, plugin.manifest.id])).toEqual([
      ['@vap/plugin-dashboard', '@vap/plugin-dashboard', 'dashboard'],
      ['@acme/vap-plugin-map', join(dir, 'map/dist/index.js'), 'map'],
    ]);
  });

  it('lists the server entry of each plugin that exports one, by its path, for the server to import', async () => {
    const file = await list(['./map', './pins']);
    await expect(async () => readPluginList(file, APP_DIR)).rejects.toThrow(
      'Plugin "@acme/pins": its server entry ./dist/server.js is missing (build it first)',
    );
    await writeFile(join(dir, 'pins/dist/server.js'), 'export default {};\n');
    expect(pluginServers(readPluginList(file, APP_DIR))).toEqual([
      { plugin: 'pins', entry: join(dir, 'pins/dist/server.js') },
    ]);
  });

  it('is the console’s own list, naming the fourteen built plugins', () => {
    const plugins = readPluginList(join(APP_DIR, 'plugins.json'), APP_DIR);
    expect(plugins.map((plugin) => plugin.name)).toEqual([
      '@vap/plugin-account',
      '@vap/plugin-dashboard',
      '@vap/plugin-notices',
      '@vap/plugin-system',
      '@vap/plugin-devices',
      '@vap/plugin-mqtt',
      '@vap/plugin-finance',
      '@vap/plugin-cbs',
      '@vap/plugin-algmall',
      '@vap/plugin-open-platform',
      '@vap/plugin-lvlm-lab',
      '@vap/plugin-plate-recognition',
      '@vap/plugin-media',
      '@vap/plugin-resources',
      '@vap/plugin-resource-management',
      '@vap/plugin-campaigns',
      '@vap/plugin-voip',
    ]);
  });

  it('names a listed package that is not installed, or not built, and refuses a list of something else', async () => {
    expect(() => readPluginList(join(dir, 'missing.json'), APP_DIR)).toThrow('cannot be read');
    expect(() => readPluginList(dir, APP_DIR)).toThrow('cannot be read');
    await expect(list({ plugins: [] }).then((file) => readPluginList(file, APP_DIR))).rejects.toThrow(
      'must be a JSON list of package names or directories',
    );
    await expect(list(['@acme/not-there']).then((file) => readPluginList(file, APP_DIR))).rejects.toThrow(
      'Plugin "@acme/not-there" is listed but not installed (npm install @acme/not-there -w @vap/console)',
    );
    await expect(list(['./unbuilt']).then((file) => readPluginList(file, APP_DIR))).rejects.toThrow(
      'Plugin "@acme/unbuilt" (build it first)',
    );
  });

  it('becomes one lazy import per plugin, and one Tailwind source per plugin build', async () => {
    const plugins = readPluginList(await list(['./map']), APP_DIR);
    expect(pluginsModule(plugins)).toBe(
      `export const pluginPackages = {\n  "@acme/vap-plugin-map": () => import(${JSON.stringify(join(dir, 'map/dist/index.js'))}),\n};\n`,
    );
    expect(tailwindSources(plugins)).toBe(`@source ${JSON.stringify(join(dir, 'map/dist'))};\n`);
  });
});
