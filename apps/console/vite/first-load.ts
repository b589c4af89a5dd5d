/**
 * The chunks of the sign-in page's first load (issue 12 §2: ≤ 8 script requests, each one a round
 * trip before the form can show). Left to itself the bundler cuts the boot code into a chunk per
 * set of importers (7 of them before the kernel starts) and every plugin entry, UI component and
 * message file into its own, which the browser discovers one import at a time (29 scripts). This
 * plugin names four kinds of chunks from the module graph, at build time, naming no plugin:
 * - `react-dom`: React DOM and its scheduler, a third of the boot code: the browser compiles each
 *   script on a thread of its own while it downloads, so two halves are ready sooner than one;
 * - `index`: the rest of what the entry imports statically and uses (the bundler's `$initial` tag);
 * - `sign-in`: what the browser loads next on every route (the plugin entries of `plugins.json`)
 *   and the sign-in page, found as the `publicRoute('/login', () => import(…))` of the plugin
 *   that declares it, each with what it imports and the entry does not hold;
 * - `messages-<language>`: per language, the message files of the namespaces registered by the
 *   boot code (the console's and the design system's) and by the plugin declaring the sign-in
 *   route: one request per language instead of one per namespace. The shell's strings, which the
 *   boot code registers too, are left out (`shellMessages`): only signed-in screens read them. The
 *   own-account dialogs' strings stay, as they share the sign-in plugin's namespace.
 * And two that every signed-in page loads (issue 30 §5: ≤ 30 script requests a page), where the
 * bundler would cut some 25 chunks of a kilobyte or two, each a request and its headers:
 * - `shell`: the console's signed-in layout and the plugins' topbar items, found as
 *   `topbarItem(id, () => import(…))` in any module, and the kernel's own lazy modules (its
 *   schemas, which every session's calls parse with) and the libraries it loads as a session
 *   starts (`sessionLibraries`: its service container, inversify), with what they import and no
 *   earlier chunk holds (the query client, menus, popovers, zod, which every page's calls parse
 *   with), what the services of a plugin with topbar items load lazily, which its items ask on
 *   every page, and the schemas that the items' calls parse with (the balance warning's finance
 *   schemas), found through the names they import. Another plugin's lazy service keeps a chunk of
 *   its own: since calls are declared (issue 30) no page needs one to draw, and the one left (the
 *   devices' uploads with progress) would bring its area's schemas into every page;
 * - `signed-in-messages-<language>`: per language, the shell's message files and those of the
 *   plugins with topbar items, which every signed-in page shows and a session loads together.
 *   Every other plugin's strings stay in a chunk of their own per language, which loads with its
 *   pages and cards (the kernel's `withMessages`): the sidebar's titles are the shell's strings,
 *   and one bundle of every plugin's strings grew with each area into every page's first load
 *   (20 KB brotli by the algorithm mall).
 * And one per extension point whose contributions are components loaded on demand, found as
 * `contribute(Point, id, { component: () => import(…) })`: `dashboard-cards` for the dashboard's
 * cards, which a page draws together (five chunks of a kilobyte or so, one request each, before).
 * Only the components join it, not what they import: that stays with the pages that share it.
 * And `data-table`: what a list page is made of — the design system's table, its pager, the list
 * page's frame, its filter form and `useFilters`, row actions, the export button and the table's
 * export, and `useListDialog` — with what they import that no earlier chunk holds. Left to itself
 * the bundler cut these into a chunk per set of pages sharing each (the pager alone, once a page of
 * cards paged without a table; a tag, a drawer's close button): an MQTT client list fetched 31
 * scripts, 13 of them under a kilobyte each, and 22 since. A page with a table but no filters (the dashboards of the broker and of cloud
 * storage) loads some 5 KB it does not draw.
 * Everything else (each page, what only pages share, services) keeps the bundler's own chunks.
 * index.html gets `<link rel="modulepreload">` for the entry's own imports, `sign-in` and the
 * messages of a first visit's language, so that they download with the entry instead of after it
 * has run. That link carries `data-language`, and `first-load.json` beside index.html names each
 * language's messages chunk: the server swaps the link for the visitor's saved language
 * (`vap_language` cookie), as the console loads no other language's strings.
 */
import { basename, dirname, resolve, sep } from 'node:path';
import { FIRST_LOAD_FILE, type FirstLoadFile, isLanguage, LANGUAGES } from '@vap/contracts';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { VIRTUAL_ID } from './vap-plugins.js';

/** The parts of the bundler's module graph the plan reads. */
export interface ModuleGraph {
  ids(): Iterable<string>;
  info(id: string): {
    isEntry: boolean;
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    /** The names it exports, re-exports included. */
    exports?: readonly string[];
  } | null;
}

export interface FirstLoadPlan {
  /** The plugin entries and the sign-in page: the `sign-in` chunk's roots (their imports follow). */
  signIn: Set<string>;
  /** The shell and the topbar items: the `shell` chunk's roots. */
  shell: Set<string>;
  /** Message file of the sign-in page → its language. */
  messages: Map<string, string>;
  /** The message files of the plugins with topbar items → their language. */
  signedInMessages: Map<string, string>;
  /** The sign-in page module, when a plugin declares the sign-in route. */
  signInPage?: string;
  /** Component contributed to an extension point → its chunk's name (`DashboardCards` → `dashboard-cards`). */
  contributions: Map<string, string>;
}

/** `en.json`, `zh-CN.js`, or a plugin build's `zh-CN-4OZWQ25T.js` (tsup's chunk hash). */
const MESSAGE_FILE = /^([a-z]{2,3}(?:-[A-Z]{2}|-[A-Z][a-z]{3})?)(?:-[A-Z0-9]{8})?\.(?:js|json)$/;

// Only the console's languages: a lazy `api-7SSDXCLX.js` or `log-3RG6N2DT.js` is no message file.
export const languageOf = (id: string): string | undefined => {
  const language = MESSAGE_FILE.exec(basename(id))?.[1];
  return isLanguage(language) ? language : undefined;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The module among `dynamic` that `importer` names by the relative `specifier`. */
function dynamicTarget(importer: string, specifier: string, dynamic: readonly string[]) {
  const target = resolve(dirname(importer), specifier);
  return dynamic.find((id) => id.replace(/\?.*$/, '') === target);
}

/** The module that `publicRoute(path, () => import('…'))` in `importer` loads. */
function routeModule(importer: string, code: string, path: string, dynamic: readonly string[]) {
  const call = new RegExp(
    `publicRoute\\(\\s*(["'\`])${escapeRegExp(path)}\\1\\s*,\\s*\\(\\)\\s*=>\\s*import\\(\\s*(["'\`])([^"'\`]+)\\2`,
  ).exec(code);
  return call?.[3] ? dynamicTarget(importer, call[3], dynamic) : undefined;
}

const TOPBAR_ITEM = /topbarItem\(\s*(["'`])[^"'`]+\1\s*,\s*\(\)\s*=>\s*import\(\s*(["'`])([^"'`]+)\2/g;

const IMPORT = /\bimport\(\s*(["'`])([^"'`]+)\1/g;
const SERVICES = /\bservices\s*:\s*\[/;

/** The text of the `services: [...]` list in `code`, brackets matched; empty when it has none. */
function servicesList(code: string): string {
  const start = SERVICES.exec(code);
  if (!start) return '';
  let depth = 0;
  for (let at = start.index + start[0].length - 1; at < code.length; at++) {
    if (code[at] === '[') depth++;
    else if (code[at] === ']' && --depth === 0) return code.slice(start.index, at + 1);
  }
  return '';
}

/**
 * The modules that the topbar items declared in `importer` load and, when it declares any, those
 * that its services load lazily: the items ask them on every signed-in page (the notices' unread
 * count polls as the shell shows), so they are no less the shell's than the items.
 */
function shellModules(importer: string, code: string, dynamic: readonly string[]): string[] {
  const items = [...code.matchAll(TOPBAR_ITEM)].map((call) => call[3]);
  const services = items.length > 0 ? [...servicesList(code).matchAll(IMPORT)].map((call) => call[2]) : [];
  return [...items, ...services].flatMap((specifier) => {
    const target = specifier ? dynamicTarget(importer, specifier, dynamic) : undefined;
    return target ? [target] : [];
  });
}

const NAMED_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["'`]/g;

/** The names `code` imports by name (`A`, and `B` of `B as C`), types apart. */
const importedNames = (code: string) =>
  [...code.matchAll(NAMED_IMPORT)].flatMap((statement) =>
    (statement[1] ?? '').split(',').flatMap((part) => {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      return name && !name.startsWith('type ') ? [name] : [];
    }),
  );

/**
 * The module among `ids` that exports `name`, followed through the `export *` of a package's barrel
 * (whose exports the bundler lists as `*`).
 */
function definer(
  graph: ModuleGraph,
  ids: readonly string[],
  name: string,
  barrels = new Set<string>(),
): string | undefined {
  const named = ids.find((id) => graph.info(id)?.exports?.includes(name));
  if (named) return named;
  for (const id of ids) {
    const info = graph.info(id);
    if (barrels.has(id) || !info?.exports?.includes('*')) continue;
    barrels.add(id);
    const found = definer(graph, info.importedIds, name, barrels);
    if (found) return found;
  }
  return undefined;
}

/**
 * The schemas that the calls of `roots` (the topbar items and their plugins' services) parse with:
 * a package's calls module loads them lazily, from its own directory, with the first call, which
 * the items make on every signed-in page (the balance warning's). The roots' own plugin modules are
 * followed; another package's modules are found by the names imported from it.
 */
function callSchemas(graph: ModuleGraph, roots: Iterable<string>): string[] {
  const schemas = new Set<string>();
  const seen = new Set<string>();
  const visit = (id: string, home: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.info(id);
    if (!info?.code) return;
    const others = info.importedIds.filter((imported) => !imported.startsWith(home));
    for (const imported of info.importedIds) if (imported.startsWith(home)) visit(imported, home);
    for (const name of importedNames(info.code)) {
      const module = definer(graph, others, name);
      for (const lazy of (module && graph.info(module)?.dynamicallyImportedIds) || []) {
        if (module && dirname(lazy) === dirname(module)) schemas.add(lazy);
      }
    }
  };
  for (const root of roots) visit(root, `${dirname(root)}${sep}`);
  return [...schemas];
}

const CONTRIBUTE =
  /contribute\(\s*([A-Za-z_$][\w$]*)\s*,\s*(["'`])[^"'`]+\2\s*,\s*\{[^}]*?\bcomponent\s*:\s*\(\)\s*=>\s*import\(\s*(["'`])([^"'`]+)\3/g;

/** `DashboardCards` (an extension point's name, maybe suffixed by a bundler: `DashboardCards2`) → `dashboard-cards`. */
export const contributionsChunk = (point: string) =>
  point
    .replace(/\d+$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** The components that `contribute(Point, id, { component: () => import(…) })` in `importer` load, by chunk. */
function contributedModules(importer: string, code: string, dynamic: readonly string[]): [string, string][] {
  return [...code.matchAll(CONTRIBUTE)].flatMap((call) => {
    const target = call[1] && call[4] ? dynamicTarget(importer, call[4], dynamic) : undefined;
    return target && call[1] ? [[target, contributionsChunk(call[1])] as [string, string]] : [];
  });
}

/**
 * Plans the first load's chunks from the build's module graph. The `index` chunk needs no plan:
 * the bundler tags what the entry imports statically (`$initial`), following only the imports
 * whose code is used, which a walk over `importedIds` cannot tell (the contracts' barrel would
 * bring every zod schema into the entry).
 */
export function planFirstLoad(
  graph: ModuleGraph,
  signInPath: string,
  shellModule: string,
  kernelDir?: string,
): FirstLoadPlan {
  const pluginEntries = graph.info(`\0${VIRTUAL_ID}`)?.dynamicallyImportedIds ?? [];
  let signInPage: string | undefined;
  let signInPlugin: string | undefined;
  for (const entry of pluginEntries) {
    const info = graph.info(entry);
    const page = info?.code && routeModule(entry, info.code, signInPath, info.dynamicallyImportedIds);
    if (page) {
      signInPage = page;
      signInPlugin = entry;
      break;
    }
  }
  const signIn = new Set([...pluginEntries, ...(signInPage ? [signInPage] : [])]);

  // The namespaces of the sign-in page: those the boot code registers (a superset of the modules
  // it runs is fine here: only message files it imports lazily count) and the sign-in plugin's.
  const reachable = new Set<string>();
  const visit = (id: string) => {
    if (reachable.has(id)) return;
    reachable.add(id);
    for (const imported of graph.info(id)?.importedIds ?? []) visit(imported);
  };
  for (const id of graph.ids()) if (graph.info(id)?.isEntry) visit(id);
  if (signInPlugin) reachable.add(signInPlugin);
  const messages = new Map<string, string>();
  const signedInMessages = new Map<string, string>();
  const shell = new Set([shellModule]);
  const contributions = new Map<string, string>();
  for (const importer of graph.ids()) {
    const info = graph.info(importer);
    const dynamic = info?.dynamicallyImportedIds ?? [];
    const items = info?.code ? shellModules(importer, info.code, dynamic) : [];
    for (const id of dynamic) {
      const language = languageOf(id);
      if (!language) continue;
      if (reachable.has(importer)) messages.set(id, language);
      else if (items.length > 0) signedInMessages.set(id, language);
    }
    // The kernel's own lazy modules (the schemas its request layer parses lists, errors and the
    // session's calls with): every signed-in page loads them, three chunks of under a kilobyte.
    if (kernelDir && importer.startsWith(kernelDir)) {
      for (const id of dynamic) if (id.startsWith(kernelDir)) shell.add(id);
    }
    if (!info?.code) continue;
    for (const id of items) shell.add(id);
    for (const [id, chunk] of contributedModules(importer, info.code, dynamic)) contributions.set(id, chunk);
  }
  const shellItems = [...shell].filter(
    (id) => id !== shellModule && !(kernelDir && id.startsWith(kernelDir)),
  );
  for (const id of callSchemas(graph, shellItems)) shell.add(id);
  for (const id of messages.keys()) signedInMessages.delete(id);
  return {
    signIn,
    shell,
    messages,
    signedInMessages,
    contributions,
    ...(signInPage ? { signInPage } : {}),
  };
}

/** Moves the sign-in page's message files found in `directory` to the signed-in messages. */
function moveToSignedIn(plan: FirstLoadPlan, directory: string) {
  for (const [id, language] of plan.messages) {
    if (!id.startsWith(directory)) continue;
    plan.messages.delete(id);
    plan.signedInMessages.set(id, language);
  }
}

export interface FirstLoadOptions {
  /** The console's sign-in route (router.tsx). */
  signInPath: string;
  /** The console's signed-in layout, relative to the app's root (router.tsx loads it lazily). */
  shell: string;
  /** The language of a first visit, whose sign-in messages index.html preloads. */
  defaultLanguage: string;
  /** The kernel, as the console imports it (`@vap/kernel`): its lazy modules join the shell. */
  kernel?: string;
  /**
   * Libraries that the kernel imports lazily and loads as a session starts (its service container),
   * as the kernel names them: every signed-in page loads them, so they join the shell rather than
   * cost each page a request of its own.
   */
  sessionLibraries?: readonly string[];
  /**
   * The directory of the shell's message files, as the console imports them (`@vap/locales/shell`):
   * the boot code registers them, but a session loads them (with the topbar items' strings), so
   * they join `signed-in-messages-<language>` rather than the sign-in page's first load.
   */
  shellMessages?: string;
}

/**
 * zod's modules: the shell holds what its own calls parse with, and the rest of zod that pages use
 * (`z.coerce`, 128 bytes) joins it rather than costing every signed-in page a request of its own.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

export const SIGN_IN_CHUNK = 'sign-in';
export const SHELL_CHUNK = 'shell';
export const messagesChunk = (language: string) => `messages-${language}`;
export const signedInMessagesChunk = (language: string) => `signed-in-messages-${language}`;

export function firstLoad(options: FirstLoadOptions): Plugin {
  let plan: FirstLoadPlan = {
    signIn: new Set(),
    shell: new Set(),
    messages: new Map(),
    signedInMessages: new Map(),
    contributions: new Map(),
  };
  let base = '/';
  let root = '';
  let shellModule = '';
  return {
    name: 'vap-first-load',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      shellModule = resolve(config.root, options.shell);
    },
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React DOM, a third of the boot code, in a script of its own: browsers compile each
                // script on its own thread while it downloads, so two halves are ready sooner.
                { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 5 },
                { name: 'index', tags: ['$initial'], priority: 4 },
                // The roots; the bundler adds what they use that the entry does not hold.
                {
                  name: (id: string) => (plan.signIn.has(id) ? SIGN_IN_CHUNK : null),
                  debugName: SIGN_IN_CHUNK,
                  priority: 3,
                },
                {
                  name: (id: string) => (plan.shell.has(id) || ZOD.test(id) ? SHELL_CHUNK : null),
                  debugName: SHELL_CHUNK,
                  priority: 2,
                },
                {
                  name: (id: string) => {
                    const language = plan.messages.get(id);
                    if (language) return messagesChunk(language);
                    const signedIn = plan.signedInMessages.get(id);
                    return signedIn ? signedInMessagesChunk(signedIn) : null;
                  },
                  debugName: 'messages',
                  priority: 1,
                },
                // What a list page is made of, together (see above).
                {
                  name: 'data-table',
                  test: /[\\/]ui[\\/]dist[\\/]components[\\/]data[\\/](data-table|pagination|list-page|filter-form|use-filters|row-actions|row-actions-if|export-button|table-export-button|use-list-dialog)\.js$/,
                  priority: 0,
                },
                // The components alone: what they import is shared with their plugins' pages, which
                // would otherwise load the dashboard's cards with it.
                {
                  name: (id: string) => plan.contributions.get(id) ?? null,
                  debugName: 'contributions',
                  includeDependenciesRecursively: false,
                  priority: 0,
                },
              ],
            },
          },
        },
      },
    }),
    async buildEnd(error) {
      if (error) return;
      const kernel = options.kernel ? await this.resolve(options.kernel, shellModule) : null;
      plan = planFirstLoad(
        { ids: () => this.getModuleIds(), info: (id) => this.getModuleInfo(id) },
        options.signInPath,
        shellModule,
        kernel ? `${dirname(kernel.id)}${sep}` : undefined,
      );
      for (const library of options.sessionLibraries ?? []) {
        const resolved = kernel ? await this.resolve(library, kernel.id) : null;
        if (resolved) plan.shell.add(resolved.id);
        else this.warn(`The session library ${library} is not found from the kernel: it loads on its own`);
      }
      if (options.shellMessages) {
        const specifier = `${options.shellMessages}/${options.defaultLanguage}.json`;
        const resolved = await this.resolve(specifier, resolve(root, 'index.html'));
        if (resolved) moveToSignedIn(plan, `${dirname(resolved.id)}${sep}`);
        else this.warn(`The shell's messages ${specifier} are not found: they load with the sign-in page`);
      }
      if (!plan.signInPage) {
        this.warn(
          `No plugin declares publicRoute('${options.signInPath}', () => import(…)): its page loads on its own`,
        );
      }
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [[output.name, output.fileName]] : [],
        ),
      );
      const messages: Record<string, string> = {};
      for (const language of LANGUAGES) {
        const file = chunks.get(messagesChunk(language));
        if (file) messages[language] = `${base}${file}`;
      }
      const file: FirstLoadFile = { defaultLanguage: options.defaultLanguage, messages };
      this.emitFile({ type: 'asset', fileName: FIRST_LOAD_FILE, source: JSON.stringify(file) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        const files = new Set(chunk?.imports ?? []);
        let messages: string | undefined;
        for (const output of Object.values(bundle ?? {})) {
          if (output.type !== 'chunk' || output.isEntry) continue;
          if (output.name === SIGN_IN_CHUNK) files.add(output.fileName);
          if (output.name === messagesChunk(options.defaultLanguage)) messages = output.fileName;
        }
        // crossorigin as on Vite's module script: a preload is reused only in the same mode.
        const preload = (file: string, extra: Record<string, string> = {}): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, ...extra },
          injectTo: 'head',
        });
        return [
          ...[...files].map((file) => preload(file)),
          ...(messages ? [preload(messages, { 'data-language': options.defaultLanguage })] : []),
        ];
      },
    },
  };
}
