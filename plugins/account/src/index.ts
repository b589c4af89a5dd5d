import { definePlugin, messages } from '@vap/kernel';
import { ownAccountTopbar, ownAccountUserMenu } from './own-account/contributions.js';
import { signInRoutes } from './sign-in/contributions.js';

/**
 * Account: signing in, up and back (password reset); the user's own profile, password and company
 * (display settings, verification).
 */
export default definePlugin({
  id: 'account',
  kernel: '^2',
  publicRoutes: signInRoutes,
  userMenu: ownAccountUserMenu,
  topbar: ownAccountTopbar,
  messages: [
    messages('account', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
    // Its own namespace so the sign-in pages' first load leaves out the signed-in dialogs' strings.
    messages('own-account', {
      en: () => import('./own-account/locales/en.json'),
      'zh-CN': () => import('./own-account/locales/zh-CN.json'),
      'zh-TW': () => import('./own-account/locales/zh-TW.json'),
    }),
  ],
});
