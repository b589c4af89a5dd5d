/**
 * The design system's own strings (empty states, pagination, upload hints, …) in the `ui`
 * namespace. The console registers `uiMessages` with the kernel; components read them through
 * `useUiT()`, so they switch language with the rest of the console.
 */
import type { Language } from '@vap/contracts';
import { type Translate, useT } from '@vap/kernel/i18n';

export const UI_NAMESPACE = 'ui';

const load = (language: Language) => async () => ({
  default: (await import('./locales/index.js')).uiStrings(language),
});

/** The `ui` namespace, loaded lazily per language; pass it to `Kernel.boot({ messages })`. */
export const uiMessages = {
  namespace: UI_NAMESPACE,
  loaders: { en: load('en'), 'zh-CN': load('zh-CN'), 'zh-TW': load('zh-TW') },
} as const;

/** Translations of the `ui` namespace, e.g. `t('data.empty')`. */
export function useUiT(): Translate {
  return useT(UI_NAMESPACE);
}
