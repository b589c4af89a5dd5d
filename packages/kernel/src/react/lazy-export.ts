import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: any props; the chosen export keeps its own
type AnyComponent = ComponentType<any>;

/** The names under which a module exports a component. */
export type ComponentExport<M> = { [K in keyof M]: M[K] extends AnyComponent ? K : never }[keyof M];

/**
 * `React.lazy` for a module's named export, where `lazy` wants a default one. The caller passes
 * `() => import('./x.js')` itself so that the bundler still sees a dynamic import there and keeps
 * the module in a chunk of its own.
 */
export function lazyExport<M, K extends ComponentExport<M>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<Extract<M[K], AnyComponent>> {
  return lazy(() => load().then((module) => ({ default: module[name] as Extract<M[K], AnyComponent> })));
}
