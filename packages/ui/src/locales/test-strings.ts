/**
 * All three languages at once, synchronously: for tests only. The package itself loads one
 * language at a time through `uiMessages`, so this module must stay out of its runtime code.
 */
import type { Language } from '@vap/contracts';
import en from './en.js';
import zhCN from './zh-CN.js';
import zhTW from './zh-TW.js';

const strings: Readonly<Record<Language, Record<string, unknown>>> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The whole `ui` namespace in one language: `{ common: {…}, form: {…}, … }`. */
export function uiStrings(language: Language): Record<string, unknown> {
  return strings[language];
}
