/**
 * Typed extension points: a place one plugin offers to the others, such as the dashboard's cards.
 * The plugin that owns the place declares it with `createExtensionPoint<Value>(id)` and exports it
 * from a small entry of its package (`@vap/plugin-dashboard/points`); other plugins fill it with
 * `contribute(point, id, value)` in their definition, and the owner reads what the active plugins
 * contributed with `useContributions(point)`. The kernel knows no point by name.
 */

declare const valueType: unique symbol;

/** A point's id carries its version (`dashboard.cards@1`): a changed value type is a new point. */
const POINT_ID = /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+@\d+$/;

/** A place plugins contribute values of type `T` to; `T` exists only for the type checker. */
export interface ExtensionPoint<T> {
  readonly id: string;
  readonly [valueType]?: T;
}

export function createExtensionPoint<T>(id: string): ExtensionPoint<T> {
  if (!POINT_ID.test(id)) {
    throw new Error(
      `Extension point id "${id}" must look like "plugin.place@1" (lower case, with a version)`,
    );
  }
  return Object.freeze({ id });
}

export interface ContributionOptions {
  /** Ascending; contributions with equal order keep the plugin order. */
  order?: number;
  /** Only the company owner (role_id 0) gets it. */
  ownerOnly?: boolean;
}

/** One value a plugin contributes to a point, under an id unique within that point. */
export interface Contribution<T = unknown> {
  readonly point: string;
  readonly id: string;
  readonly value: T;
  readonly order: number;
  readonly ownerOnly: boolean;
  /** The message namespaces of the contributing plugin (`withMessages` loads them with a component). */
  readonly messages?: readonly string[];
}

export function contribute<T>(
  point: ExtensionPoint<T>,
  id: string,
  value: T,
  options: ContributionOptions = {},
): Contribution<T> {
  return { point: point.id, id, value, order: options.order ?? 100, ownerOnly: options.ownerOnly ?? false };
}
