import { definePlugin, messages, page } from '@vap/kernel';

/**
 * Plate recognition (spec §1, §2.3 `prs_trial`, `prs_detail`; issue 31): the trial page reads the
 * plate of an uploaded image and draws its box, within the company's daily trials; the detail page
 * shows the month's tiers and what each cost, the calls by day, the resource packages (bought with
 * the role's `buy`), and the calls with their export. The plate types', colours' and billings' names
 * are the server's words (locales/server `prs`), listed once for both.
 */
export default definePlugin({
  id: 'plate-recognition',
  kernel: '^2',
  pages: [
    page('prs_trial', () => import('./pages/trial.js'), { buttons: ['trial'] }),
    page('prs_detail', () => import('./pages/detail.js'), { buttons: ['buy', 'export'] }),
  ],
  messages: [
    messages('prs', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
    messages('prs-names', {
      en: () => import('@vap/locales/server/en.json'),
      'zh-CN': () => import('@vap/locales/server/zh-CN.json'),
      'zh-TW': () => import('@vap/locales/server/zh-TW.json'),
    }),
  ],
});
