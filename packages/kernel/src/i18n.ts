/**
 * i18n: i18next with the three languages of the product (default zh-CN). The console's own
 * strings are the default namespace; each plugin adds namespaces that load lazily, per
 * language, through the kernel's backend.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@vap/contracts';
import i18next, { type BackendModule, type i18n } from 'i18next';
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

function backend(loaders: Map<string, Readonly<Record<Language, MessageLoader>>>): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const loader = isLanguage(language) ? loaders.get(namespace)?.[language] : undefined;
      if (!loader) {
        callback(new Error(`No messages for ${namespace}/${language}`), null);
        return;
      }
      loader().then(
        (module) => callback(null, module.default),
        (error: Error) => callback(error, null),
      );
    },
  };
}

export async function createI18n(
  namespaces: readonly MessagesContribution[],
  language: Language,
): Promise<i18n> {
  const loaders = new Map(namespaces.map((ns) => [ns.namespace, ns.loaders]));
  const instance = i18next.createInstance();
  await instance.use(backend(loaders)).init({
    lng: language,
    // No fallback language: every namespace is complete in all three (tests check it), and a
    // fallback would make i18next fetch the zh-CN strings for every English or zh-TW visitor too.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}
