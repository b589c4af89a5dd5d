/**
 * i18n on i18next: the three languages of the product (zh-CN the default). The console's own strings are the default namespace; each plugin and shared library adds namespaces, loaded
 * lazily per language through `i18next-resources-to-backend` over their `messages` loaders, the
 * first time a screen asks for them. `I18n` is the kernel's face of one i18next instance per
 * kernel: what the console and tests call (load, switch, failures for error boundaries), while
 * i18next does the strings (nested keys, `{{name}}`, `_one`/`_other` plurals, `ns:key`) and
 * react-i18next the React side (`useT`, in react/i18n.tsx).
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@vap/contracts';
import i18next, { type i18n as I18next, type TOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { MessageLoader, MessagesContribution } from './plugin.js';

export const DEFAULT_NAMESPACE = 'translation';
export const LANGUAGE_STORAGE_KEY = 'vap_language';

export { isLanguage };

/**
 * The language a console starts in: the user's choice saved in `storage`, else zh-CN (spec §1: the
 * default is Simplified Chinese), whatever the browser's language.
 */
export function startLanguage(storage: Pick<Storage, 'getItem'>): Language {
  const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

/** A namespace's strings: nested objects of strings, as in the locale JSON files. */
export interface Messages {
  readonly [key: string]: unknown;
}

/**
 * Values for `{{name}}` placeholders. `count` also picks the plural form (`key_one`, `key_other`,
 * by the language's plural rules); `defaultValue` is returned when the key has no string.
 */
export interface TranslateOptions {
  readonly count?: number;
  readonly defaultValue?: string;
  readonly [name: string]: unknown;
}

/**
 * `account:login.title` → the namespace it names and the key in it; a key naming none (`app.title`)
 * is the default namespace's.
 */
export function splitNamespace(key: string): [namespace: string | undefined, key: string] {
  const colon = key.indexOf(':');
  return colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : [undefined, key];
}

/** Translates a key (`'login.title'`, or `'ui:data.empty'` for another namespace). */
export type Translate = (key: string, options?: TranslateOptions) => string;

const id = (language: string, namespace: string) => `${language}|${namespace}`;

export class I18n {
  /** The i18next instance of this kernel. */
  readonly instance: I18next;
  readonly defaultNamespace: string;
  /** Namespaces read for keys the default one lacks (`MessagesContribution.extendsDefault`). */
  readonly extensions: readonly string[];
  /** Settles once i18next has started in the first language. */
  readonly ready: Promise<void>;
  readonly #loaders: ReadonlyMap<string, Readonly<Record<Language, MessageLoader>>>;
  readonly #failures = new Map<string, Error>();
  readonly #listeners = new Set<() => void>();
  #changes = 0;

  constructor(
    language: Language,
    namespaces: readonly MessagesContribution[] = [],
    defaultNamespace = DEFAULT_NAMESPACE,
  ) {
    this.defaultNamespace = defaultNamespace;
    this.#loaders = new Map(namespaces.map((ns) => [ns.namespace, ns.loaders]));
    this.extensions = namespaces.filter((ns) => ns.extendsDefault).map((ns) => ns.namespace);
    this.instance = i18next.createInstance();
    this.instance
      .use(
        resourcesToBackend(async (lng: string, ns: string) => {
          const loader = this.#loaders.get(ns)?.[lng as Language];
          // A namespace nobody registered (a test without the console's strings, a plugin that has
          // none) shows its keys, as a missing key does; it is no reason to stop a screen.
          return loader ? (await loader()).default : {};
        }),
      )
      .use(initReactI18next);
    this.instance.on('failedLoading', (lng: string, ns: string, error: unknown) => {
      this.#failures.set(id(lng, ns), error instanceof Error ? error : new Error(String(error)));
    });
    this.instance.on('languageChanged', () => this.#notify());
    this.instance.on('added', () => this.#notify());
    // Strings loading for another language (the one being switched to) change nothing on screen yet.
    this.instance.on('loaded', (loaded: Record<string, unknown>) => {
      if (this.language in loaded) this.#notify();
    });
    this.ready = this.instance
      .init({
        lng: language,
        // No fallback language: every namespace carries every key in all three languages (the
        // manifest checks and the locale tests hold them to it), so a fallback's strings would only
        // be fetched, a second request per namespace on every first load, never read. A key missing
        // all the same shows as itself, as a missing key of the current language does.
        fallbackLng: false,
        supportedLngs: [...LANGUAGES],
        load: 'currentOnly',
        ns: [],
        defaultNS: defaultNamespace,
        fallbackNS: this.extensions.length > 0 ? [...this.extensions] : false,
        partialBundledLanguages: true,
        // The language is set at once; strings load as screens ask for them (`ready` for the first).
        initAsync: false,
        // A failed chunk is shown to the user (the page's error boundary), whose retry loads it again.
        maxRetries: 0,
        interpolation: { escapeValue: false },
        returnNull: false,
        // A key naming a group of strings, not one, shows as itself, like a missing key.
        returnedObjectHandler: (key: string) => key,
        react: { useSuspense: true, bindI18n: 'languageChanged loaded added' },
      })
      .then(() => undefined);
  }

  get language(): Language {
    return (this.instance.language ?? DEFAULT_LANGUAGE) as Language;
  }

  /** Grows with every change of the strings on screen: a snapshot for `useSyncExternalStore`. */
  get version(): number {
    return this.#changes;
  }

  /** Called after every language change, namespace load and `addMessages`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  hasLoadedNamespace(namespace: string, language: Language = this.language): boolean {
    return (
      !this.#failures.has(id(language, namespace)) && this.instance.hasResourceBundle(language, namespace)
    );
  }

  /**
   * Loads namespaces in the current language. Asking again while they
   * load waits on the same requests; asking again after a failure loads again. A failed load
   * rejects, and is kept as the namespace's `failure` (which `useT` throws to the page's error
   * boundary) until it is asked again or `forgetFailures` is called.
   */
  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : [...namespaces];
    await this.ready;
    this.#forget(list.map((namespace) => [this.language, namespace]));
    await this.instance.loadNamespaces(list);
    for (const namespace of list) {
      const failure = this.#failures.get(id(this.language, namespace));
      if (failure) throw failure;
    }
  }

  /** The error of a namespace's last failed load, kept until `forgetFailures` (a retry). */
  failure(namespace: string, language: Language = this.language): unknown {
    return this.#failures.get(id(language, namespace));
  }

  /** Lets screens that failed on missing strings load them again (an error boundary's retry). */
  forgetFailures(): void {
    this.#forget([...this.#failures.keys()].map((key) => key.split('|') as [string, string]));
  }

  #forget(namespaces: readonly (readonly [string, string])[]): void {
    const connector = this.instance.services.backendConnector as unknown as { state: Record<string, number> };
    for (const [language, namespace] of namespaces) {
      if (!this.#failures.delete(id(language, namespace))) continue;
      // Forgotten by i18next's backend as well, which otherwise takes a failed load as done.
      delete connector.state[id(language, namespace)];
    }
  }

  /** Adds strings directly, without a loader (tests, and libraries that ship them inline). */
  addMessages(language: Language, namespace: string, messages: Messages): void {
    this.instance.addResourceBundle(language, namespace, messages, true, true);
  }

  /**
   * Switches language once every namespace used so far has its strings in the new one, so the
   * screen never shows keys in between. Of overlapping calls, the last one wins.
   */
  async changeLanguage(language: Language): Promise<void> {
    await this.ready;
    await this.instance.changeLanguage(language);
  }

  readonly t: Translate = (key, options) => this.namespaceT(this.defaultNamespace)(key, options);

  /** `t` with another default namespace, e.g. a plugin's. */
  namespaceT(namespace: string): Translate {
    return this.translator(
      this.instance.getFixedT(null, namespace) as (key: string, options?: TOptions) => string,
      namespace,
    );
  }

  /**
   * Wraps an i18next `t` of `namespace`: a key of a namespace no screen has loaded yet (`ns:key`: a
   * menu title of a plugin, a user menu label), or a key the default namespace lacks while the
   * namespaces extending it are not loaded (a public page's title in the shell strings), starts
   * that load, and the text shows once it is there (`loaded` re-renders); until then the key
   * stands in. Only a loaded default namespace can lack a key: one asked for while it is still on
   * its way loads nothing more, and is asked again once it is there (`loaded` re-renders).
   */
  translator(t: (key: string, options?: TOptions) => string, namespace: string): Translate {
    return (key, options) => {
      const [named] = splitNamespace(key);
      if (named !== undefined && this.#loaders.has(named)) this.#loadInBackground([named]);
      else if (
        named === undefined &&
        namespace === this.defaultNamespace &&
        !this.instance.exists(key, { ns: namespace }) &&
        this.instance.hasLoadedNamespace(namespace)
      ) {
        this.#loadInBackground(this.extensions);
      }
      return t(key, options as TOptions);
    };
  }

  #loadInBackground(namespaces: readonly string[]): void {
    const missing = namespaces.filter(
      (namespace) => !this.instance.hasLoadedNamespace(namespace) && !this.failure(namespace),
    );
    if (missing.length > 0) this.instance.loadNamespaces(missing).catch(() => undefined);
  }

  #notify() {
    this.#changes += 1;
    for (const listener of [...this.#listeners]) listener();
  }
}

/** The kernel's i18n with the default namespace loaded in `language`. */
/**
 * Starts loading namespaces' strings in `language`, before any i18n asks for them:
 * a host calls it while the boot code still runs, so that the first screen's strings arrive beside
 * its code rather than after it (with `messages()`, the i18n's own load then shares the request).
 * A failure is left to that load, which reports it.
 */
export function preloadMessages(namespaces: readonly MessagesContribution[], language: Language): void {
  for (const { loaders } of namespaces) loaders[language]?.().catch(() => undefined);
}

export async function createI18n(
  namespaces: readonly MessagesContribution[],
  language: Language,
): Promise<I18n> {
  const i18n = new I18n(language, namespaces);
  await i18n.loadNamespaces(DEFAULT_NAMESPACE);
  return i18n;
}
