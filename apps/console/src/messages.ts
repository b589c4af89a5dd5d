import { messages } from '@vap/kernel';
import { uiMessages } from '@vap/ui';

/** The console's own strings (the default namespace), one lazy chunk per language. */
export const consoleMessages = messages('translation', {
  en: () => import('../../../locales/en.json'),
  'zh-CN': () => import('../../../locales/zh-CN.json'),
  'zh-TW': () => import('../../../locales/zh-TW.json'),
});

/**
 * The signed-in screens' strings (menu and button titles, tabs, layout settings): keys of the
 * default namespace that the sign-in page never shows, so they load once a session starts.
 */
export const shellMessages = {
  ...messages('shell', {
    en: () => import('../../../locales/shell/en.json'),
    'zh-CN': () => import('../../../locales/shell/zh-CN.json'),
    'zh-TW': () => import('../../../locales/shell/zh-TW.json'),
  }),
  extendsDefault: true,
};

/** Every namespace that is not a plugin's: the console's strings and the design system's. */
export const sharedMessages = [consoleMessages, shellMessages, uiMessages] as const;
