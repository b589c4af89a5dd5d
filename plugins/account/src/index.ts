import { definePlugin, messages, publicRoute } from '@vap/kernel';

/** Account: sign-in now; sign-up, reset, profile, display, password and verification follow. */
export default definePlugin({
  id: 'account',
  kernel: '^1',
  publicRoutes: [publicRoute('/login', () => import('./pages/login.js'), 'account:login.title')],
  messages: [
    messages('account', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
