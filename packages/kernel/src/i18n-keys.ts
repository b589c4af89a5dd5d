/**
 * Typed translation keys. i18next types `t` from `CustomTypeOptions['resources']`, which only one
 * declaration in a program may set, while every plugin has namespaces of its own. So the kernel sets
 * it, once, to `VapResources`: an interface that the console, `@vap/ui` and each plugin extend with
 * their namespaces, typed by their English strings:
 *
 *   import type en from './locales/en.json';
 *   declare module '@vap/kernel' {
 *     interface VapResources { dashboard: typeof en }
 *   }
 *
 * Then `useT('dashboard')` (or react-i18next's `useTranslation('dashboard')`) takes only the keys of
 * that file, and a missing key fails `tsc`. A namespace the program does not declare (the
 * console's strings in a plugin built outside this repository; every namespace in the kernel's own
 * tests) keeps string keys.
 */
import type { DefaultNamespace, FlatNamespace, ParseKeys, TFunction } from 'i18next';
import type { Translate } from './i18n.js';

// biome-ignore lint/suspicious/noEmptyInterface: declared empty so that packages can extend it.
export interface VapResources {}

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: VapResources;
  }
}

/** A namespace some package declared in `VapResources` (any string while none is declared). */
export type Namespace = FlatNamespace;

/**
 * The translate function of a namespace: its keys checked against the namespace's strings when the
 * namespace is declared in `VapResources`, any string otherwise.
 */
export type TranslateOf<Ns extends Namespace = DefaultNamespace> = Ns extends keyof VapResources
  ? TFunction<Ns>
  : Translate;

/**
 * The keys of a namespace (any string when it is not declared): for a key built at run time, e.g.
 * `` `upload.error.${code}` satisfies TranslationKey<'ui'> ``, checked though `t` is called loosely.
 */
export type TranslationKey<Ns extends Namespace = DefaultNamespace> = Ns extends keyof VapResources
  ? ParseKeys<Ns>
  : string;
