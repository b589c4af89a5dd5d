/**
 * Typed service references. Inversify stays inside the kernel: plugins name services by a
 * `ServiceRef<T>` and receive instances through `useService(ref)` or a factory's `get(ref)`.
 */
import type { Container } from 'inversify';

declare const serviceType: unique symbol;

/** A typed key of a service; `T` exists only for the type checker. */
export interface ServiceRef<T> {
  readonly id: symbol;
  readonly description: string;
  readonly [serviceType]?: T;
}

export function createServiceRef<T>(description: string): ServiceRef<T> {
  return { id: Symbol.for(`vap.service.${description}`), description };
}

export interface ServiceResolver {
  get<T>(ref: ServiceRef<T>): T;
}

export interface ServiceContribution<T> {
  readonly ref: ServiceRef<T>;
  readonly create: (services: ServiceResolver) => T;
}

export function service<T>(
  ref: ServiceRef<T>,
  create: (services: ServiceResolver) => T,
): ServiceContribution<T> {
  return { ref, create } as ServiceContribution<T>;
}

/** A service whose every method answers a promise, like the API clients of the plugins. */
export type AsyncService<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<R>
    : never;
};

/**
 * A service whose code loads with its first call: `load` imports the module that creates it. The
 * plugin's entry, loaded at boot before the sign-in page shows, then carries neither that module
 * nor the contracts' schemas (and zod) it parses with. Every method must answer a promise.
 *
 * ```ts
 * services: [lazyService(DevicesApiRef, async () => (await import('./api.js')).createDevicesApi)],
 * ```
 */
export function lazyService<T extends AsyncService<T>>(
  ref: ServiceRef<T>,
  load: () => Promise<(services: ServiceResolver) => T>,
): ServiceContribution<T> {
  return service(ref, (services) => {
    let instance: Promise<T> | null = null;
    const loaded = () => {
      instance ??= load().then(
        (create) => create(services),
        (error: unknown) => {
          // A chunk that failed to load (a deploy, a network blip) is fetched again by the next call.
          instance = null;
          throw error;
        },
      );
      return instance;
    };
    const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
    return new Proxy({} as T, {
      get(_target, name) {
        // Not a thenable: `await` on the service itself must not call anything.
        if (typeof name !== 'string' || name === 'then') return undefined;
        let method = methods.get(name);
        if (!method) {
          method = async (...args) => {
            const api = (await loaded()) as Record<string, (...args: unknown[]) => Promise<unknown>>;
            const call = api[name];
            if (typeof call !== 'function')
              throw new TypeError(`Service "${ref.description}" has no method "${name}"`);
            return call.apply(api, args);
          };
          methods.set(name, method);
        }
        return method;
      },
    });
  });
}

type Inversify = typeof import('inversify');

/** The kernel's own services (`provide`) and those registered without a plugin. */
const CORE = '';

/**
 * The kernel's container (inversify): singletons, created on first use. Each plugin's services
 * are bound in the plugin's own `ContainerModule`, loaded while the plugin is active and unloaded
 * when it is not (a product flag turned off, another user signed in), so that its instances go
 * with it and a later activation creates fresh ones. Inversify's own code loads with `load()` —
 * when a session starts, or the first `useService` — not with the first page: the sign-in page
 * never resolves a service. Until then bindings and activations are recorded (a service provided
 * twice is refused at once, a boot error).
 */
export class ServiceContainer implements ServiceResolver {
  /** Bindings by owner: the kernel's (`CORE`) or a plugin's id. */
  readonly #bindings = new Map<string, Map<symbol, (bind: Bind) => void>>();
  readonly #owners = new Map<symbol, string>();
  readonly #modules = new Map<string, InstanceType<Inversify['ContainerModule']>>();
  /** The plugins whose services may be resolved; null until told: every one. */
  #active: ReadonlySet<string> | null = null;
  #inversify: Inversify | null = null;
  #container: Container | null = null;
  #loading: Promise<void> | null = null;

  provide<T>(ref: ServiceRef<T>, value: T): void {
    this.#record(CORE, ref, (bind) => bind<T>(ref.id).toConstantValue(value));
  }

  /** Registers a plugin's service (in its module), or the kernel's when no plugin is named. */
  register<T>(contribution: ServiceContribution<T>, pluginId: string = CORE): void {
    this.#record(pluginId, contribution.ref, (bind) =>
      bind<T>(contribution.ref.id).toDynamicValue(() => contribution.create(this)),
    );
  }

  /** Which plugins are active: their modules are loaded, the others' unloaded. */
  activate(pluginIds: Iterable<string>): void {
    this.#active = new Set(pluginIds);
    this.#apply();
  }

  /** Whether `get` can resolve: the container's code has loaded. */
  get loaded(): boolean {
    return this.#container !== null;
  }

  /** Loads the container's code once and binds every service; a failed load is tried again. */
  load(): Promise<void> {
    this.#loading ??= import('inversify').then(
      (inversify) => {
        this.#inversify = inversify;
        this.#container = new inversify.Container({ defaultScope: 'Singleton' });
        this.#apply();
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  get<T>(ref: ServiceRef<T>): T {
    const owner = this.#owners.get(ref.id);
    if (owner === undefined) throw new Error(`No service "${ref.description}" is registered`);
    if (!this.#container) {
      throw new Error(`Service "${ref.description}" asked before the services loaded (await load())`);
    }
    if (owner !== CORE && !this.#modules.has(owner)) {
      throw new Error(`Service "${ref.description}" belongs to plugin "${owner}", which is not active`);
    }
    return this.#container.get<T>(ref.id);
  }

  #record(owner: string, ref: ServiceRef<unknown>, bind: (bind: Bind) => void): void {
    if (this.#owners.has(ref.id)) throw new Error(`Service "${ref.description}" is provided twice`);
    this.#owners.set(ref.id, owner);
    let bindings = this.#bindings.get(owner);
    if (!bindings) {
      bindings = new Map();
      this.#bindings.set(owner, bindings);
    }
    bindings.set(ref.id, bind);
    if (!this.#container) return;
    if (owner === CORE) bind(this.#container.bind.bind(this.#container) as Bind);
    else {
      // A module is loaded whole: load the owner's again with the new binding.
      this.#unloadModule(owner);
      this.#apply();
    }
  }

  /** Loads the modules of the active plugins and unloads the others' (once inversify is here). */
  #apply(): void {
    const container = this.#container;
    const inversify = this.#inversify;
    if (!container || !inversify) return;
    const core = this.#bindings.get(CORE);
    if (core && !this.#modules.has(CORE)) this.#loadModule(CORE, core);
    for (const [owner, bindings] of this.#bindings) {
      if (owner === CORE) continue;
      const active = this.#active === null || this.#active.has(owner);
      if (active && !this.#modules.has(owner)) this.#loadModule(owner, bindings);
      else if (!active) this.#unloadModule(owner);
    }
  }

  #loadModule(owner: string, bindings: ReadonlyMap<symbol, (bind: Bind) => void>): void {
    const { ContainerModule } = this.#inversify as Inversify;
    const module = new ContainerModule(({ bind }) => {
      for (const binding of bindings.values()) binding(bind as Bind);
    });
    (this.#container as Container).load(module);
    this.#modules.set(owner, module);
  }

  #unloadModule(owner: string): void {
    const module = this.#modules.get(owner);
    if (!module) return;
    (this.#container as Container).unload(module);
    this.#modules.delete(owner);
  }
}

type Bind = <T>(id: symbol) => {
  toConstantValue(value: T): unknown;
  toDynamicValue(create: () => T): unknown;
};
