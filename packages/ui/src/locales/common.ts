import { defineStrings } from './define.js';

/** Strings of the common components (the `ui` namespace, key `common.…`). */
export const common = defineStrings({
  en: {},
  'zh-CN': {},
  'zh-TW': {},
});
