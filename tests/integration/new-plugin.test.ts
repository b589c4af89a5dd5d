/**
 * `npm run new-plugin`: the package it scaffolds builds on its own with the repository's tools,
 * keeps the shared libraries out of its bundle, and is a plugin the kernel accepts; bad names and
 * taken directories are refused. Its own tests and its typecheck run in plugin-sdk.test.ts, on the
 * same scaffold installed outside the repository, as a third party runs them. The scaffold goes to a temporary
 * `plugins/.tmp-scaffold-*` directory, where Node finds the root node_modules and the workspace
 * links of `@vap/*`, exactly as for a plugin in `plugins/`.
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PluginServer, pluginManifestSchema } from '@vap/contracts';
import { KERNEL_API_VERSION, type Plugin } from '@vap/kernel';
import { PluginRegistry } from '@vap/kernel/host';
import satisfies from 'semver/functions/satisfies.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.js';

const SCRIPT = join(ROOT, 'scripts/new-plugin.mjs');
const BIN = join(ROOT, 'node_modules/.bin');
const NAME = 'sample-area';
const PEERS: string[] = JSON.parse(readFileSync(join(ROOT, 'packages/kernel/plugin-peers.json'), 'utf8'));

interface PackageJson {
  name: string;
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The environment of a child process: the repository's tools first, no state of this vitest. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}` };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST')) delete env[key];
  env.FORCE_COLOR = '0';
  env.NO_COLOR = '1';
  return env;
}

function newPlugin(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', env: childEnv() });
}

/** Runs a script of the scaffolded package.json as npm would, with the root's node_modules/.bin. */
function runScript(dir: string, script: string): SpawnSyncReturns<string> {
  const pkg = readJson<PackageJson>(join(dir, 'package.json'));
  const command = pkg.scripts[script];
  if (!command) throw new Error(`package.json has no "${script}" script`);
  return spawnSync(command, { cwd: dir, shell: true, encoding: 'utf8', env: childEnv() });
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const output = (result: SpawnSyncReturns<string>) => `${result.stdout}\n${result.stderr}`;

let parent: string;
let dir: string;
let scaffold: SpawnSyncReturns<string>;
let build: SpawnSyncReturns<string>;

beforeAll(() => {
  parent = mkdtempSync(join(ROOT, 'plugins', '.tmp-scaffold-'));
  dir = join(parent, NAME);
  scaffold = newPlugin(NAME, '--dir', parent);
  if (scaffold.status === 0) build = runScript(dir, 'build');
});

afterAll(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('npm run new-plugin -- <name>', () => {
  it('creates @vap/plugin-<name> and prints the next steps', () => {
    expect(scaffold.status, output(scaffold)).toBe(0);
    expect(readJson<PackageJson>(join(dir, 'package.json')).name).toBe(`@vap/plugin-${NAME}`);
    for (const file of [
      'tsconfig.json',
      'tsup.config.ts',
      'vitest.config.ts',
      'src/index.ts',
      'src/calls.ts',
      'src/schemas.ts',
      'src/server.ts',
      'src/server.test.ts',
      'src/i18n-keys.ts',
      'src/pages/example.tsx',
      'src/pages/example.test.tsx',
      'src/locales/en.json',
      'src/locales/zh-CN.json',
      'src/locales/zh-TW.json',
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(scaffold.stdout).toContain('apps/console/plugins.json');
    expect(scaffold.stdout).toContain(`${NAME}_example`);
    expect(scaffold.stdout).toContain('menu catalogue (no migration)');
  });

  it('the package has the scripts, dependencies and peers of plugins/dashboard', () => {
    const dashboard = readJson<PackageJson>(join(ROOT, 'plugins/dashboard/package.json'));
    const scaffolded = readJson<PackageJson>(join(dir, 'package.json'));
    expect(scaffolded.scripts).toEqual(dashboard.scripts);
    // Besides: zod, for the schemas of its own calls.
    expect(scaffolded.dependencies).toEqual({ ...dashboard.dependencies, zod: '^4.1.12' });
    expect(scaffolded.peerDependencies).toEqual(dashboard.peerDependencies);
    // The in-repo plugins type their use of the console's own strings from @vap/locales, a private
    // workspace package; a scaffolded plugin has only its own namespace and no need of it.
    const { '@vap/locales': _consoleStrings, ...dashboardDev } = dashboard.devDependencies ?? {};
    expect(scaffolded.devDependencies).toEqual(dashboardDev);
    for (const peer of PEERS) expect(scaffolded.peerDependencies?.[peer], peer).toBeDefined();
  });

  it('locale files carry the same keys in en, zh-CN and zh-TW, with real texts', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}${key}.`))
        : [prefix.slice(0, -1)];
    const locales = ['en', 'zh-CN', 'zh-TW'].map((language) =>
      readJson<{ example: Record<string, string> }>(join(dir, `src/locales/${language}.json`)),
    );
    const [en, zhCN, zhTW] = locales;
    expect(keys(zhCN)).toEqual(keys(en));
    expect(keys(zhTW)).toEqual(keys(en));
    expect(en?.example.title).toBe('Sample area example');
    expect(zhCN?.example.title).toBe('sample-area 示例页面');
    expect(zhTW?.example.title).toBe('sample-area 範例頁面');
  });

  it('its build succeeds and emits dist/manifest.json placing its dir, page and button in the menu catalogue', () => {
    expect(build?.status, build && output(build)).toBe(0);
    const manifest = pluginManifestSchema.parse(readJson(join(dir, 'dist/manifest.json')));
    expect(manifest.id).toBe(NAME);
    expect(manifest.catalogueDirs).toEqual([
      { name: NAME, path: NAME, title: `${NAME}:menu.dir`, icon: 'box', sort: 900 },
    ]);
    expect(manifest.pages).toEqual([
      {
        name: `${NAME}_example`,
        buttons: ['greet'],
        keepAlive: false,
        affix: false,
        menu: {
          dir: NAME,
          path: 'example',
          title: `${NAME}:menu.example`,
          icon: '',
          sort: 100,
          buttons: { greet: `${NAME}:buttons.greet` },
        },
      },
    ]);
  });

  it('its build never bundles React or the other peers, and imports @vap/kernel as an external', () => {
    const files = readdirSync(join(dir, 'dist')).filter((file) => file.endsWith('.js'));
    expect(files).toContain('index.js');
    const all = files.map((file) => readFileSync(join(dir, 'dist', file), 'utf8')).join('\n');
    for (const marker of [
      'react.production',
      'react.development',
      '__SECRET_INTERNALS',
      '__CLIENT_INTERNALS',
      'react-dom',
    ]) {
      expect(all, marker).not.toContain(marker);
    }
    const index = readFileSync(join(dir, 'dist/index.js'), 'utf8');
    expect(index).toMatch(/import \{[^}]*\bdefinePlugin\b[^}]*\} from "@vap\/kernel"/);
    expect(all).toMatch(/from "react\/jsx-runtime"/);
  });

  it('the built default export is a plugin with its id, kernel ^2 and the page <name>_example', async () => {
    const { default: plugin } = (await import(pathToFileURL(join(dir, 'dist/index.js')).href)) as {
      default: Plugin;
    };
    expect(plugin.__vapPlugin).toBe(true);
    expect(plugin.id).toBe(NAME);
    expect(plugin.kernel).toBe('^2');
    expect(satisfies(KERNEL_API_VERSION, plugin.kernel)).toBe(true);
    expect(plugin.pages?.map((page) => page.name)).toEqual([`${NAME}_example`]);
    expect(plugin.messages?.map((contribution) => contribution.namespace)).toEqual([NAME]);
    // The registry boots it beside the real plugins.
    expect(() => new PluginRegistry([plugin])).not.toThrow();
  });

  it("the built server entry answers the plugin's one declared call, below /plugins/<name>/", async () => {
    const { default: server } = (await import(pathToFileURL(join(dir, 'dist/server.js')).href)) as {
      default: PluginServer;
    };
    expect(server.plugin).toBe(NAME);
    expect(server.handlers.map(({ call }) => `${call.method} ${call.path}`)).toEqual([
      `GET /plugins/${NAME}/greeting`,
    ]);
    const [greeting] = server.handlers;
    const answer = await greeting?.handler(
      { params: undefined, query: undefined, body: undefined },
      { userId: 9, companyId: null, roleId: null, language: 'en' },
    );
    const schemas = await greeting?.call.schemas();
    expect(schemas?.response?.parse(answer)).toMatchObject({ user_id: 9, company_id: null });
  });
});

describe('npm run new-plugin refuses', () => {
  it.each([
    ['upper-case letters', 'Sample'],
    ['a leading digit', '1st-area'],
    ['an underscore', 'sample_area'],
    ['a space', 'sample area'],
    ['a dot', 'sample.area'],
    ['an empty name', ''],
  ])('a name with %s: lower-case letters, digits and dashes, starting with a letter', (_, name) => {
    const before = readdirSync(parent);
    const result = newPlugin(name, '--dir', parent);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('not a valid plugin name');
    expect(result.stderr).toContain('lower-case letters, digits and dashes, starting with a letter');
    expect(readdirSync(parent)).toEqual(before);
  });

  it('to run without a name, and shows the usage', () => {
    const result = newPlugin('--dir', parent);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('the plugin name is missing');
    expect(result.stderr).toContain('Usage: npm run new-plugin -- <name>');
  });

  it('a directory that already exists, and leaves it untouched', () => {
    const taken = join(parent, 'taken');
    mkdirSync(taken);
    writeFileSync(join(taken, 'keep.txt'), 'mine');
    const result = newPlugin('taken', '--dir', parent);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('already exists');
    expect(readdirSync(taken)).toEqual(['keep.txt']);
    expect(readFileSync(join(taken, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('to scaffold over an existing plugin, e.g. plugins/dashboard', () => {
    const before = readFileSync(join(ROOT, 'plugins/dashboard/src/index.ts'), 'utf8');
    const result = newPlugin('dashboard');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('plugins/dashboard already exists');
    expect(readFileSync(join(ROOT, 'plugins/dashboard/src/index.ts'), 'utf8')).toBe(before);
  });
});
