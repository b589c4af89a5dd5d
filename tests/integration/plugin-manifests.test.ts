/**
 * Plugins against the server: every plugin build emits its manifest, and the pages the console's
 * plugins claim match the server's menu catalogue (architecture §2: unclaimed server pages and
 * claimed pages the server never sends fail CI instead of surfacing in production).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MenuItem, UserInfo } from '@vap/contracts';
import { type Plugin, pluginManifest } from '@vap/kernel';
import { PluginRegistry } from '@vap/kernel/host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConsolePlugins } from '../../apps/console/src/plugins.js';
import { apiToken, ROOT, type RunningServer, startServer } from '../support/server.js';

const pluginDirs = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() &&
      !entry.name.startsWith('.') &&
      existsSync(join(ROOT, 'plugins', entry.name, 'package.json')),
  )
  .map((entry) => join(ROOT, 'plugins', entry.name));

describe('plugin manifests', () => {
  it.each(pluginDirs)('%s emits dist/manifest.json derived from its definition', async (dir) => {
    const { default: plugin } = (await import(pathToFileURL(join(dir, 'dist/index.js')).href)) as {
      default: Plugin;
    };
    const manifest = JSON.parse(readFileSync(join(dir, 'dist/manifest.json'), 'utf8'));
    expect(manifest).toEqual(pluginManifest(plugin));
  });
});

/** Dotted keys of a locale file, sorted. */
function localeKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value)
    .flatMap(([key, inner]) => localeKeys(inner, prefix ? `${prefix}.${key}` : key))
    .sort();
}

describe('plugin locales', () => {
  // The console has no fallback language: a key missing in one language would show as the key.
  it.each(pluginDirs)('%s has the same keys in en, zh-CN and zh-TW, each with a text', (dir) => {
    const read = (language: string) =>
      JSON.parse(readFileSync(join(dir, 'src/locales', `${language}.json`), 'utf8')) as unknown;
    const english = localeKeys(read('en'));
    for (const language of ['zh-CN', 'zh-TW']) expect(localeKeys(read(language)), language).toEqual(english);
    for (const language of ['en', 'zh-CN', 'zh-TW']) {
      const texts = JSON.stringify(read(language)).match(/:""/g);
      expect(texts, `${language} has empty texts`).toBeNull();
    }
  });
});

const consolePlugins = await loadConsolePlugins();

const PEERS: string[] = JSON.parse(readFileSync(join(ROOT, 'packages/kernel/plugin-peers.json'), 'utf8'));

describe('plugin builds', () => {
  it.each(pluginDirs)('%s declares the shared libraries as peers and never bundles them', (dir) => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    for (const peer of PEERS) {
      expect(pkg.peerDependencies?.[peer], `${peer} is a peer dependency`).toBeDefined();
      expect(pkg.dependencies?.[peer], `${peer} is not a dependency`).toBeUndefined();
    }
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ]);
    const files = readdirSync(join(dir, 'dist')).filter((file) => file.endsWith('.js'));
    for (const file of files) {
      const code = readFileSync(join(dir, 'dist', file), 'utf8');
      // React's own sources carry these markers; a plugin bundle never may.
      expect(code, file).not.toMatch(
        /__CLIENT_INTERNALS_DO_NOT_USE|react\.production|react-dom\.development/,
      );
      // `from "x"`, `import "x"`, `import("x")`; not the word inside a string (a button named "import").
      const specifiers = [...code.matchAll(/(?<![\w$."'])(?:from|import)\s*\(?\s*"([^"./][^"]*)"/g)].map(
        (match) => match[1] ?? '',
      );
      for (const specifier of specifiers) {
        const name = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0];
        expect(
          declared.has(name ?? ''),
          `${file} imports ${specifier}, which package.json does not declare`,
        ).toBe(true);
      }
    }
  });
});

const flatten = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => [item, ...flatten(item.children)]);

describe("the console's plugins and the server's menu catalogue", () => {
  let server: RunningServer;
  let catalogue: MenuItem[];
  beforeAll(async () => {
    server = await startServer();
    const token = await apiToken(server.url);
    const info = (await (
      await fetch(`${server.url}/webapi/v1/pms/user`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as UserInfo;
    catalogue = flatten(info.menus as MenuItem[]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const claimed = () => consolePlugins.flatMap((plugin) => plugin.pages ?? []);

  it('every page of the server catalogue is claimed by a plugin', () => {
    const names = new Set(claimed().map((page) => page.name));
    const pages = catalogue.filter((item) => item.type === 'page').map((item) => item.name);
    expect(pages.filter((name) => !names.has(name))).toEqual([]);
  });

  it('every claimed page is in the catalogue, except the always-added pages of spec §2.2', () => {
    const served = new Set(catalogue.filter((item) => item.type === 'page').map((item) => item.name));
    const missing = claimed().filter((page) => !served.has(page.name) && !page.always);
    expect(missing.map((page) => page.name)).toEqual([]);
  });

  it('every button a page checks exists as a btn item of that page', () => {
    const buttonsOf = new Map(
      catalogue
        .filter((item) => item.type === 'page')
        .map((item) => [
          item.name,
          item.children.filter((child) => child.type === 'btn').map((child) => child.name),
        ]),
    );
    const unknown = claimed().flatMap((page) =>
      page.buttons
        .filter((button) => !buttonsOf.get(page.name)?.includes(button))
        .map((b) => `${page.name}.${b}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every dir the plugins give a visibility rule to exists in the catalogue', () => {
    const dirs = new Set(catalogue.filter((item) => item.type === 'dir').map((item) => item.path));
    const rules = new PluginRegistry(consolePlugins).menuDirs().map((rule) => rule.path);
    expect(rules.filter((path) => !dirs.has(path))).toEqual([]);
  });
});
