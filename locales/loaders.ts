/**
 * The console's strings as lazy loaders, one chunk per language, so a visitor downloads only the
 * language shown. The console passes them to the kernel, and the test kit of `@vap/ui/testing` the
 * same, so that a plugin's tests read the very strings the console shows.
 */

/** The console's own strings: the default namespace, which the sign-in page needs too. */
export const consoleLoaders = {
  en: () => import('./en.json'),
  'zh-CN': () => import('./zh-CN.json'),
  'zh-TW': () => import('./zh-TW.json'),
};

/**
 * The signed-in screens' strings (menu and button titles, tabs, layout settings): keys of the
 * default namespace that the sign-in page never shows, so they load once a session starts.
 */
export const shellLoaders = {
  en: () => import('./shell/en.json'),
  'zh-CN': () => import('./shell/zh-CN.json'),
  'zh-TW': () => import('./shell/zh-TW.json'),
};
