import type { Language } from '@vap/contracts';
import type { DefaultNamespace } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { I18n } from '../i18n.js';
import type { Namespace, TranslateOf } from '../i18n-keys.js';

export const I18nContext = createContext<I18n | null>(null);

/** The kernel's i18n, and its i18next instance for react-i18next (`useTranslation`). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nContext.Provider value={i18n}>
      <I18nextProvider i18n={i18n.instance} defaultNS={i18n.defaultNamespace}>
        {children}
      </I18nextProvider>
    </I18nContext.Provider>
  );
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
 * Translations of a namespace — the console's own strings by default, a plugin's by its name —
 * through react-i18next's `useTranslation`: it suspends until the namespace has loaded in the
 * current language and re-renders on a language change or a namespace load. A namespace whose
 * load failed throws its error to the page's error boundary, whose retry loads it again. The
 * function changes identity when the language does, so memoised text follows it. Its keys are
 * those of the namespace's strings (`VapResources`), checked by `tsc`.
 */
export function useT(): TranslateOf<DefaultNamespace>;
export function useT<Ns extends Namespace>(namespace: Ns): TranslateOf<Ns>;
export function useT(namespace?: string): unknown {
  const i18n = useI18n();
  const name: string = namespace ?? i18n.defaultNamespace;
  const failure = i18n.failure(name);
  if (failure !== undefined) throw failure;
  const { t } = useTranslation(name, { i18n: i18n.instance });
  // The kernel's wrapper (loading the namespace of an `ns:key`, and the default namespace's
  // extensions) takes string keys; the overloads above give it i18next's types of the namespace.
  return useMemo(() => i18n.translator(t as (key: string) => string, name), [i18n, t, name]);
}
