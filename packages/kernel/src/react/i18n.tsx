import type { Language } from '@vap/contracts';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import type { I18n, Translate } from '../i18n.js';

export const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useT and useLanguage must be used inside <KernelProvider> or <I18nProvider>');
  return i18n;
}

/** The console's language; re-renders when it changes. */
export function useLanguage(): Language {
  const i18n = useI18n();
  return useSyncExternalStore(i18n.subscribe, () => i18n.language);
}

/**
 * Translations of a namespace: the console's own strings by default, a plugin's by its name.
 * Suspends until the namespace has loaded in the current language; the returned function changes
 * identity when the language does, so memoised text follows it.
 */
export function useT(namespace?: string): Translate {
  const i18n = useI18n();
  const version = useSyncExternalStore(i18n.subscribe, () => i18n.version);
  const name = namespace ?? i18n.defaultNamespace;
  if (!i18n.hasLoadedNamespace(name)) {
    // Thrown on every render until a retry: React renders once more after an error to recover.
    const failure = i18n.failure(name);
    if (failure !== undefined) throw failure;
    // A thrown promise rather than use(): React retries it even when a test rendered without
    // awaiting act, and the hook may stop suspending once loaded, which use() forbids.
    throw i18n.loadNamespaces(name);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the language and strings changing
  return useMemo(() => i18n.namespaceT(name), [i18n, name, version]);
}
