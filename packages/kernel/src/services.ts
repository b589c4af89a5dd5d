/**
 * Typed service references. Inversify stays inside the kernel: plugins name services by a
 * `ServiceRef<T>` and receive instances through `useService(ref)` or a factory's `get(ref)`.
 */
import { Container } from 'inversify';

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

/** The kernel's container: singletons, created on first use. */
export class ServiceContainer implements ServiceResolver {
  readonly #container = new Container({ defaultScope: 'Singleton' });

  provide<T>(ref: ServiceRef<T>, value: T): void {
    this.#container.bind<T>(ref.id).toConstantValue(value);
  }

  register<T>(contribution: ServiceContribution<T>): void {
    if (this.#container.isBound(contribution.ref.id)) {
      throw new Error(`Service "${contribution.ref.description}" is provided twice`);
    }
    this.#container.bind<T>(contribution.ref.id).toDynamicValue(() => contribution.create(this));
  }

  get<T>(ref: ServiceRef<T>): T {
    if (!this.#container.isBound(ref.id)) {
      throw new Error(`No service "${ref.description}" is registered`);
    }
    return this.#container.get<T>(ref.id);
  }
}
