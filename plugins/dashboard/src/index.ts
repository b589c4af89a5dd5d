import { definePlugin, messages, page } from '@vap/kernel';

/** The dashboard: pinned, always open (spec §2.2, §2.3). */
export default definePlugin({
  id: 'dashboard',
  kernel: '^2',
  pages: [
    page('dashboard', () => import('./pages/dashboard.js'), { affix: true, always: { path: '/dashboard' } }),
  ],
  messages: [
    messages('dashboard', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
