/**
 * The same keys as `T`, each a string: what zh-CN and zh-TW must provide, with `T` the English
 * tree. A missing or extra key fails the type check, so the languages cannot drift apart.
 */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };
