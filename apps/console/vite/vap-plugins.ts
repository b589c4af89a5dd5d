/**
 * The console's plugins come from one list that the deployment owns, `plugins.json` beside this
 * app's package.json (or the file `VAP_PLUGINS_FILE` names): package names installed into
 * node_modules, or paths of plugin package directories. Nothing in the console's code names a
 * plugin. This Vite plugin reads the list when the console is built (or served in development):
 * - `virtual:vap-plugins` exports `pluginPackages`, one lazy import per plugin, in list order;
 * - the build writes `plugin-manifests.json` (each plugin build's `dist/manifest.json`) beside
 *   index.html, from which the server installs the plugins' menu entries at start;
 * - and `plugin-servers.json`: the server entry (`exports["./server"]`) of each plugin that has one,
 *   by its absolute path, which the server imports at start to serve the plugin's own calls.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { type PluginManifest, pluginManifestSchema } from '@vap/contracts';
import type { Plugin } from 'vite';

export const VIRTUAL_ID = 'virtual:vap-plugins';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
export const MANIFESTS_FILE = 'plugin-manifests.json';
export const SERVERS_FILE = 'plugin-servers.json';

export interface ListedPlugin {
  /** The package's name, as the boot error names it. */
  readonly name: string;
  /** The package's directory. */
  readonly dir: string;
  /** Its built entry, imported by the console. */
  readonly entry: string;
  readonly manifest: PluginManifest;
  /** Its built server entry (`exports["./server"]`), when it serves calls of its own. */
  readonly server?: string;
}

type Exports = Record<string, string | { default?: string; import?: string } | undefined>;

/** The file of a package's `./server` export, below its directory. */
function serverEntry(exports: unknown): string | undefined {
  if (typeof exports !== 'object' || exports === null) return undefined;
  const entry = (exports as Exports)['./server'];
  return typeof entry === 'string' ? entry : (entry?.import ?? entry?.default);
}

export class PluginListError extends Error {
  override readonly name = 'PluginListError';
}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new PluginListError(`${what}: ${file} cannot be read`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new PluginListError(`${what}: ${file} is not JSON`);
  }
}

/** The directory of an installed package: node_modules/<name> of the console app or a folder above. */
function packageDir(name: string, appDir: string): string {
  for (let dir = appDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) break;
  }
  throw new PluginListError(
    `Plugin "${name}" is listed but not installed (npm install ${name} -w @vap/console)`,
  );
}

/** Reads the list and each listed plugin's package and manifest; every problem names the plugin. */
export function readPluginList(listFile: string, appDir: string): ListedPlugin[] {
  const list = readJson(listFile, 'The plugin list');
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) {
    throw new PluginListError(
      `The plugin list ${listFile} must be a JSON list of package names or directories`,
    );
  }
  return list.map((entry: string) => {
    const isPath = entry.startsWith('.') || isAbsolute(entry);
    const dir = isPath ? resolve(dirname(listFile), entry) : packageDir(entry, appDir);
    const pkg = readJson(join(dir, 'package.json'), `Plugin "${entry}"`) as {
      name?: unknown;
      exports?: unknown;
    };
    if (typeof pkg.name !== 'string')
      throw new PluginListError(`Plugin "${entry}": package.json has no name`);
    const manifestFile = join(dir, 'dist/manifest.json');
    const parsed = pluginManifestSchema.safeParse(
      readJson(manifestFile, `Plugin "${pkg.name}" (build it first)`),
    );
    if (!parsed.success)
      throw new PluginListError(`Plugin "${pkg.name}": ${manifestFile} is not a plugin manifest`);
    const server = serverEntry(pkg.exports);
    if (server && !existsSync(join(dir, server)))
      throw new PluginListError(
        `Plugin "${pkg.name}": its server entry ${server} is missing (build it first)`,
      );
    return {
      name: pkg.name,
      dir,
      entry: isPath ? join(dir, 'dist/index.js') : pkg.name,
      manifest: parsed.data,
      ...(server ? { server: join(dir, server) } : {}),
    };
  });
}

/** The module `virtual:vap-plugins`: the list as lazy imports, keyed by package name. */
export function pluginsModule(plugins: readonly ListedPlugin[]): string {
  const entries = plugins.map(
    (plugin) => `  ${JSON.stringify(plugin.name)}: () => import(${JSON.stringify(plugin.entry)}),`,
  );
  return `export const pluginPackages = {\n${entries.join('\n')}\n};\n`;
}

/** The list the server reads to serve the plugins' own calls (apps/server modules/plugin-calls). */
export function pluginServers(plugins: readonly ListedPlugin[]): Array<{ plugin: string; entry: string }> {
  return plugins.flatMap((plugin) =>
    plugin.server ? [{ plugin: plugin.manifest.id, entry: plugin.server }] : [],
  );
}

/** Tailwind's `@source` lines for the listed plugins' builds, whose class names it must see. */
export function tailwindSources(plugins: readonly ListedPlugin[]): string {
  return plugins.map((plugin) => `@source ${JSON.stringify(join(plugin.dir, 'dist'))};\n`).join('');
}

/**
 * `appDir`: the console app; `stylesheet`: its CSS entry, which gets the plugins' `@source` lines.
 * Put it before Tailwind's Vite plugin.
 */
export function vapPlugins(options: { appDir: string; stylesheet: string; listFile?: string }): Plugin {
  const listFile = resolve(
    options.appDir,
    options.listFile ?? process.env.VAP_PLUGINS_FILE ?? 'plugins.json',
  );
  const stylesheet = resolve(options.appDir, options.stylesheet);
  const shared = Object.keys(
    (readJson(join(options.appDir, 'package.json'), 'The console') as { dependencies?: object })
      .dependencies ?? {},
  );
  let plugins: ListedPlugin[] = [];
  return {
    name: 'vap-plugins',
    enforce: 'pre',
    // A plugin installed from a directory outside the repository imports the console's copies of
    // the kernel, React and the rest, as a package installed into node_modules would.
    config: () => ({ resolve: { dedupe: shared } }),
    buildStart() {
      plugins = readPluginList(listFile, options.appDir);
      this.addWatchFile(listFile);
      for (const plugin of plugins) this.addWatchFile(join(plugin.dir, 'dist/manifest.json'));
    },
    transform(code, id) {
      return id === stylesheet ? `${code}\n${tailwindSources(plugins)}` : undefined;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? pluginsModule(plugins) : undefined;
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: MANIFESTS_FILE,
        source: `${JSON.stringify(
          plugins.map((plugin) => plugin.manifest),
          null,
          2,
        )}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: SERVERS_FILE,
        source: `${JSON.stringify(pluginServers(plugins), null, 2)}\n`,
      });
    },
  };
}
