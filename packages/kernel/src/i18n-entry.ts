/**
 * `@vap/kernel/i18n`: the translation engine and its React hooks alone, for libraries below the
 * plugins (the design system) that translate their own strings but need nothing else of the kernel.
 */
export {
  DEFAULT_NAMESPACE,
  I18n,
  type Messages,
  type Translate,
  type TranslateOptions,
} from './i18n.js';
export type { Namespace, TranslateOf, TranslationKey, VapResources } from './i18n-keys.js';
export { I18nProvider, useI18n, useLanguage, useT } from './react/i18n.js';
