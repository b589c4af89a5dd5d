import { contribute, definePlugin, messages, page, whenProductEnabled } from '@vap/kernel';
import { DashboardCards } from '@vap/plugin-dashboard/points';

/**
 * Cloud storage (spec §1, §2.3 cbs_dashboard, §9; issue 17): each device's cloud backup and cloud
 * video packages on the free tier, the C or the R series — usage against quota, the packages near
 * their quota, what they cost by month and next month; opening packages on devices, changing a plan
 * (larger at once and prorated, smaller from next month) and closing one. Opening and changing take
 * the role's `buy` button, closing its `close` button. Active only while the company's product flag
 * cbs is on (0): otherwise the page is left out of the menu and the server refuses its calls.
 */
export default definePlugin({
  id: 'cbs',
  kernel: '^2',
  activation: whenProductEnabled('cbs'),
  pages: [page('cbs_dashboard', () => import('./pages/dashboard.js'), { buttons: ['buy', 'close'] })],
  // Space against quota, and the packages near or over a quota, on the home page of those who may
  // open cloud storage; none while the product is off (the plugin is inactive then).
  contributions: [
    contribute(
      DashboardCards,
      'cbs-storage',
      { component: () => import('./dashboard-card.js'), page: 'cbs_dashboard' },
      { order: 60 },
    ),
  ],
  messages: [
    messages('cbs', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
