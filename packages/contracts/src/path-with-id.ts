/**
 * A path with one `:id` parameter: the server registers its `pattern`, the console calls it with the
 * id. Paths without a parameter are plain strings, used as they are by both.
 */
export interface PathWithId<P extends string> {
  (id: number | string): string;
  /** The route pattern, `:id` included, as the server registers it. */
  readonly pattern: P;
}

// Pure (no side effects): a path table that is not used is left out of the build.
/* @__NO_SIDE_EFFECTS__ */
export function pathWithId<P extends `${string}:id${string}`>(pattern: P): PathWithId<P> {
  return Object.assign((id: number | string) => pattern.replace(':id', encodeURIComponent(String(id))), {
    pattern,
  });
}

/** Every route pattern of a path table (a plain path, or the `pattern` of one with an id). */
export function patternsOf(paths: Readonly<Record<string, string | PathWithId<string>>>): string[] {
  return Object.values(paths).map((path) => (typeof path === 'string' ? path : path.pattern));
}
