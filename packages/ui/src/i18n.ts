/**
 * The design system's own strings (empty states, pagination, upload hints, …) in the `ui`
 * namespace. The console registers `uiMessages` with the kernel; components read them through
 * `useUiT()`, so they switch language with the rest of the console.
 */
import type { Language } from '@vap/contracts';
import type { TranslateOf } from '@vap/kernel';
import { useT } from '@vap/kernel/i18n';
import type en from './locales/en.js';

// The `ui` keys for `tsc`: `useUiT()` takes only keys of the English strings. Part of the package's
// declarations, so every program using @vap/ui knows the namespace. Augmented through
// `@vap/kernel`, as every package does: one name for the interface in every program.
declare module '@vap/kernel' {
  interface VapResources {
    ui: typeof en;
  }
}

export const UI_NAMESPACE = 'ui';

// Typed as the kernel's loaders are: inferred, the type would name the locale modules, which the
// bundled declaration file cannot (and a consumer's `tsc` fails on it).
type UiLoader = () => Promise<{ default: Record<string, unknown> }>;

// One module per language, so a visitor downloads only the strings of the language shown.
const loaders: Readonly<Record<Language, UiLoader>> = {
  en: () => import('./locales/en.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
};

/** The `ui` namespace, loaded lazily per language; pass it to `Kernel.boot({ messages })`. */
export const uiMessages = { namespace: UI_NAMESPACE, loaders } as const;

/** Translations of the `ui` namespace, e.g. `t('data.empty')`. */
export function useUiT(): TranslateOf<typeof UI_NAMESPACE> {
  return useT(UI_NAMESPACE);
}
