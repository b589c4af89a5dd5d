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

type Binding = (container: Container) => void;

/**
 * The kernel's container: singletons, created on first use. Inversify's own code loads with
 * `load()` — when a session starts, or the first `useService` — not with the first page: the
 * sign-in page never resolves a service. Until then the bindings are recorded (and a service
 * provided twice is refused at once, a boot error), then bound in the order they were made.
 */
export class ServiceContainer implements ServiceResolver {
  readonly #bindings = new Map<symbol, Binding>();
  #container: Container | null = null;
  #loading: Promise<void> | null = null;

  provide<T>(ref: ServiceRef<T>, value: T): void {
    this.#bind(ref, (container) => container.bind<T>(ref.id).toConstantValue(value));
  }

  register<T>(contribution: ServiceContribution<T>): void {
    if (this.#bindings.has(contribution.ref.id)) {
      throw new Error(`Service "${contribution.ref.description}" is provided twice`);
    }
    this.#bind(contribution.ref, (container) =>
      container.bind<T>(contribution.ref.id).toDynamicValue(() => contribution.create(this)),
    );
  }

  /** Whether `get` can resolve: the container's code has loaded. */
  get loaded(): boolean {
    return this.#container !== null;
  }

  /** Loads the container's code once and binds every service; a failed load is tried again. */
  load(): Promise<void> {
    this.#loading ??= import('inversify').then(
      ({ Container }) => {
        const container = new Container({ defaultScope: 'Singleton' });
        for (const bind of this.#bindings.values()) bind(container);
        this.#container = container;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  get<T>(ref: ServiceRef<T>): T {
    if (!this.#bindings.has(ref.id)) {
      throw new Error(`No service "${ref.description}" is registered`);
    }
    if (!this.#container) {
      throw new Error(`Service "${ref.description}" asked before the services loaded (await load())`);
    }
    return this.#container.get<T>(ref.id);
  }

  #bind<T>(ref: ServiceRef<T>, bind: Binding): void {
    this.#bindings.set(ref.id, bind);
    if (this.#container) bind(this.#container);
  }
}
