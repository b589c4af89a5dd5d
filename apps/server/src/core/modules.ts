/**
 * The one face of a server module (docs/architecture.md, "Server modules"): a name, the modules it
 * depends on, and `create`, which assembles the module from the core services and its dependencies'
 * services and returns its routes, the services other modules (and tests) may call, and its own
 * `close`. The app lists its modules; `startModules` creates each after what it depends on and
 * closes them in the reverse order, so that a module's dependants have stopped before it does.
 *
 * A module's services are typed by name in `ModuleServices`, which each module extends where it is
 * defined (`declare module '…/core/modules.js'`): a dependency is then named, not imported, and
 * `create` receives exactly the services of the modules it names.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CallerLoader } from './auth/caller.js';
import type { PasswordHasher } from './auth/passwords.js';
import type { TokenService } from './auth/tokens.js';
import type { ServerSecrets } from './crypto/secrets.js';
import type { Database, Db } from './db/client.js';
import type { ImportSlots } from './http/import-slots.js';
import type { Upgrades } from './http/upgrades.js';
import type { MenuCatalogue } from './menu/catalogue.js';
import type { ObjectStore } from './storage/objects.js';

/** The services of each module, by its name: every module adds its own entry. */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging in each module.
export interface ModuleServices {}

export type ModuleName = keyof ModuleServices & string;

/** What every module may use: one instance each, made by the app before any module. */
export interface Core {
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  passwords: PasswordHasher;
  tokens: TokenService;
  catalogue: MenuCatalogue;
  store: ObjectStore;
  callers: CallerLoader;
  /** Every spreadsheet import of every module takes one of these slots. */
  importSlots: ImportSlots;
  /** The WebSocket endpoints on the server's port. */
  upgrades: Upgrades;
  /** The root secret and the sealed box of each purpose (`secrets.box(DEVICE_SECRETS)`). */
  secrets: ServerSecrets;
  /** Where devices reach this server (PUBLIC_URL, or the address it listens on). */
  origin(): string;
  /** The clock of deadlines and timeouts (ms since the epoch): tests move it. */
  now?: () => number;
}

/** What `create` returns. */
export interface ModuleParts<S> {
  routes?: FastifyPluginAsyncZod;
  services?: S;
  /** Stops what the module started; called after every module depending on it has closed. */
  close?: () => Promise<void> | void;
}

export interface ServerModule<N extends string = string, D extends ModuleName = ModuleName> {
  name: N;
  dependencies: readonly D[];
  create(
    core: Core,
    dependencies: Pick<ModuleServices, D>,
  ): Promise<ModuleParts<N extends ModuleName ? ModuleServices[N] : undefined>>;
}

type PartsOf<N extends string> = ModuleParts<N extends ModuleName ? ModuleServices[N] : undefined>;

/** One module: its services are the `ModuleServices` entry of its name (none when it has none). */
export function defineModule<const N extends string, const D extends ModuleName = never>(module: {
  name: N;
  dependencies?: readonly D[];
  create(core: Core, dependencies: Pick<ModuleServices, D>): PartsOf<N> | Promise<PartsOf<N>>;
}): ServerModule<N, D> {
  return {
    name: module.name,
    dependencies: module.dependencies ?? [],
    create: async (core, dependencies) => module.create(core, dependencies),
  };
}

/** Any module, as the app lists them. */
export interface AnyModule {
  name: string;
  dependencies: readonly string[];
  create(core: Core, dependencies: never): Promise<ModuleParts<unknown>>;
}

export interface StartedModules {
  /** Each module's routes, in the order the modules were listed. */
  routes: readonly { name: string; routes: FastifyPluginAsyncZod }[];
  services: ModuleServices;
  /** Closes the modules, dependants first. */
  close(): Promise<void>;
}

/**
 * Creates the modules, each after the modules it depends on. A dependency that is not listed, or a
 * cycle, refuses to start: the order of shutdown is only defined for a graph without one.
 */
export async function startModules(modules: readonly AnyModule[], core: Core): Promise<StartedModules> {
  const byName = new Map(modules.map((module) => [module.name, module]));
  const order: AnyModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: AnyModule, path: readonly string[]) => {
    if (state.get(module.name) === 'done') return;
    if (state.get(module.name) === 'visiting') {
      throw new Error(`module dependency cycle: ${[...path, module.name].join(' → ')}`);
    }
    state.set(module.name, 'visiting');
    for (const name of module.dependencies) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`module ${module.name} depends on ${name}, which is not listed`);
      visit(dependency, [...path, module.name]);
    }
    state.set(module.name, 'done');
    order.push(module);
  };
  for (const module of modules) visit(module, []);

  const services: Record<string, unknown> = {};
  const parts = new Map<string, ModuleParts<unknown>>();
  const closing: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const stop of closing.splice(0).reverse()) await stop();
  };
  try {
    for (const module of order) {
      const made = await module.create(core, services as never);
      parts.set(module.name, made);
      services[module.name] = made.services;
      if (made.close) closing.push(made.close);
    }
  } catch (error) {
    // What was started before the failure stops again, rather than holding timers and sockets.
    await close();
    throw error;
  }
  return {
    routes: modules.flatMap((module) => {
      const routes = parts.get(module.name)?.routes;
      return routes ? [{ name: module.name, routes }] : [];
    }),
    services: services as unknown as ModuleServices,
    close,
  };
}
