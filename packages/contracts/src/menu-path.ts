/**
 * How the console turns menu path segments into addresses, free of zod: the kernel's route
 * assembly runs before sign-in and must not carry the schemas of menu.ts.
 */

/** A path segment below its parent's path; a segment starting with `/` is already absolute. */
export function joinMenuPath(parent: string, segment: string): string {
  if (segment.startsWith('/')) return segment;
  return `${parent.replace(/\/$/, '')}/${segment}`;
}
