/**
 * i18n: the three languages of the product (default zh-CN). The console's own strings are the
 * default namespace; each plugin and shared library adds namespaces that load lazily, per
 * language, the first time a screen asks for them.
 *
 * The kernel owns this small engine instead of i18next: the console uses nested keys, `{{name}}`
 * interpolation and `_one`/`_other` plurals, which take a few hundred bytes, while i18next with
 * react-i18next took 17.6 KB gzip of the sign-in page's first load. The message files keep
 * i18next's JSON format (v4), so they read the same.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vap/contracts';
import type { MessageLoader, MessagesContribution } from './plugin.js';

export const DEFAULT_NAMESPACE = 'translation';
export const LANGUAGE_STORAGE_KEY = 'vap_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language to start in: the saved choice, else the browser's, else zh-CN. */
export function initialLanguage(saved: string | null, browser: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower === 'zh-tw' || lower === 'zh-hk' || lower.startsWith('zh-hant')) return 'zh-TW';
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
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

/** Translates a key (`'login.title'`, or `'ui:data.empty'` for another namespace). */
export type Translate = (key: string, options?: TranslateOptions) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(messages: Messages | undefined, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

export class I18n {
  readonly defaultNamespace: string;
  /** Namespaces read for keys the default one lacks (`MessagesContribution.extendsDefault`). */
  readonly extensions: readonly string[];
  private current: Language;
  private changes = 0;
  private readonly loaders: ReadonlyMap<string, Readonly<Record<Language, MessageLoader>>>;
  private readonly store = new Map<string, Messages>();
  private readonly loads = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  private readonly plurals = new Map<Language, Intl.PluralRules>();
  private target: Language;

  constructor(
    language: Language,
    namespaces: readonly MessagesContribution[] = [],
    defaultNamespace = DEFAULT_NAMESPACE,
  ) {
    this.current = language;
    this.target = language;
    this.defaultNamespace = defaultNamespace;
    this.loaders = new Map(namespaces.map((ns) => [ns.namespace, ns.loaders]));
    this.extensions = namespaces.filter((ns) => ns.extendsDefault).map((ns) => ns.namespace);
  }

  get language(): Language {
    return this.current;
  }

  /** Grows with every change of the strings on screen: a snapshot for `useSyncExternalStore`. */
  get version(): number {
    return this.changes;
  }

  /** Called after every language change, namespace load and `addMessages`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  hasLoadedNamespace(namespace: string, language: Language = this.current): boolean {
    return this.store.has(`${language}|${namespace}`);
  }

  /**
   * Loads namespaces in a language (the current one by default). Asking again while they load
   * returns the same promise, so a suspended screen waits on one request. A failed load is
   * forgotten, so the next call retries.
   */
  loadNamespaces(namespaces: string | readonly string[], language: Language = this.current): Promise<void> {
    // One namespace gives its pending promise itself: a suspended screen waits on that one.
    if (typeof namespaces === 'string') return this.loadOne(namespaces, language);
    return Promise.all(namespaces.map((namespace) => this.loadOne(namespace, language))).then(
      () => undefined,
    );
  }

  private loadOne(namespace: string, language: Language): Promise<void> {
    const id = `${language}|${namespace}`;
    if (this.store.has(id)) return Promise.resolve();
    const pending = this.loads.get(id);
    if (pending) return pending;
    const loader = this.loaders.get(namespace)?.[language];
    // A namespace nobody registered (a test without the console's strings, a plugin that has
    // none) shows its keys, as a missing key does; it is no reason to stop a screen.
    if (!loader) {
      this.store.set(id, {});
      return Promise.resolve();
    }
    this.failures.delete(id);
    const load = loader().then(
      (module) => {
        this.store.set(id, module.default);
        this.loads.delete(id);
        // Text that named this namespace before it was there (`ns:key`) shows now.
        this.notify();
      },
      (error: unknown) => {
        this.loads.delete(id);
        this.failures.set(id, error);
        throw error;
      },
    );
    this.loads.set(id, load);
    return load;
  }

  /** The error of a namespace's last failed load, kept until `forgetFailures` (a retry). */
  failure(namespace: string, language: Language = this.current): unknown {
    return this.failures.get(`${language}|${namespace}`);
  }

  /** Lets screens that failed on missing strings load them again (an error boundary's retry). */
  forgetFailures(): void {
    this.failures.clear();
  }

  /** Adds strings directly, without a loader (tests, and libraries that ship them inline). */
  addMessages(language: Language, namespace: string, messages: Messages): void {
    const id = `${language}|${namespace}`;
    this.store.set(id, { ...this.store.get(id), ...messages });
    this.notify();
  }

  /**
   * Switches language once every namespace used so far has its strings in the new one, so the
   * screen never shows keys in between. Of overlapping calls, the last one wins.
   */
  async changeLanguage(language: Language): Promise<void> {
    this.target = language;
    const used = new Set<string>();
    for (const id of this.store.keys()) {
      const [loadedIn, namespace] = id.split('|') as [Language, string];
      if (loadedIn === this.current && this.loaders.has(namespace)) used.add(namespace);
    }
    await this.loadNamespaces([...used], language);
    if (this.target !== language || this.current === language) return;
    this.current = language;
    this.notify();
  }

  readonly t: Translate = (key, options) => this.translate(this.defaultNamespace, key, options);

  /** `t` with another default namespace, e.g. a plugin's. */
  namespaceT(namespace: string): Translate {
    return (key, options) => this.translate(namespace, key, options);
  }

  private translate(namespace: string, key: string, options: TranslateOptions = {}): string {
    // `ns:key` names another namespace; a colon in a plain sentence (a server's message passed
    // as a key with itself as default) is not taken for one.
    const colon = key.indexOf(':');
    if (colon > 0 && this.isNamespace(key.slice(0, colon))) {
      namespace = key.slice(0, colon);
      key = key.slice(colon + 1);
    }
    let text = this.lookup(namespace, key, options.count);
    if (text === undefined && namespace === this.defaultNamespace) {
      for (const extension of this.extensions) {
        text = this.lookup(extension, key, options.count);
        if (text !== undefined) break;
      }
    }
    if (text === undefined) return options.defaultValue ?? key;
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = lookup(options, name);
      return value === undefined || value === null ? placeholder : String(value);
    });
  }

  /** A key's string in a namespace of the current language, its plural form by `count`. */
  private lookup(namespace: string, key: string, count: number | undefined): string | undefined {
    const messages = this.store.get(`${this.current}|${namespace}`);
    // A key of a namespace no screen has loaded yet (a menu label, a title): load it, and show the
    // text once it is there (subscribers hear of it); until then the key stands in.
    if (!messages && this.loaders.has(namespace) && !this.failures.has(`${this.current}|${namespace}`)) {
      this.loadOne(namespace, this.current).catch(() => undefined);
    }
    let text: unknown;
    if (typeof count === 'number') {
      text =
        lookup(messages, `${key}_${this.pluralRules().select(count)}`) ?? lookup(messages, `${key}_other`);
    }
    text ??= lookup(messages, key);
    return typeof text === 'string' ? text : undefined;
  }

  private isNamespace(name: string): boolean {
    if (this.loaders.has(name)) return true;
    for (const id of this.store.keys()) if (id.endsWith(`|${name}`)) return true;
    return false;
  }

  private pluralRules(): Intl.PluralRules {
    let rules = this.plurals.get(this.current);
    if (!rules) {
      rules = new Intl.PluralRules(this.current);
      this.plurals.set(this.current, rules);
    }
    return rules;
  }

  private notify() {
    this.changes += 1;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The kernel's i18n with the default namespace loaded in `language`. */
export async function createI18n(
  namespaces: readonly MessagesContribution[],
  language: Language,
): Promise<I18n> {
  const i18n = new I18n(language, namespaces);
  await i18n.loadNamespaces(DEFAULT_NAMESPACE);
  return i18n;
}
