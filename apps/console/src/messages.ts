import { messages } from '@vap/kernel';
import { uiMessages } from '@vap/ui';

/** The console's own strings (the default namespace), one lazy chunk per language. */
export const consoleMessages = messages('translation', {
  en: () => import('../../../locales/en.json'),
  'zh-CN': () => import('../../../locales/zh-CN.json'),
  'zh-TW': () => import('../../../locales/zh-TW.json'),
});

/** Every namespace that is not a plugin's: the console's strings and the design system's. */
export const sharedMessages = [consoleMessages, uiMessages] as const;
