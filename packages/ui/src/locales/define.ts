import type { Language } from '@vap/contracts';

/** The same keys as `T`, each a string: what the other languages must provide. */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

/**
 * One area's strings in the three languages, side by side. English sets the keys; a missing or
 * extra key in zh-CN or zh-TW fails the type check, so the languages cannot drift apart.
 */
export function defineStrings<T extends object>(
  strings: { readonly en: T } & Readonly<Record<Exclude<Language, 'en'>, SameKeys<NoInfer<T>>>>,
): Readonly<Record<Language, T | SameKeys<T>>> {
  return strings;
}
