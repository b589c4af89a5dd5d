import { messages } from '@vap/kernel';

/** The console's own strings (the default namespace), one lazy chunk per language. */
export const consoleMessages = messages('translation', {
  en: () => import('../../../locales/en.json'),
  'zh-CN': () => import('../../../locales/zh-CN.json'),
  'zh-TW': () => import('../../../locales/zh-TW.json'),
});
