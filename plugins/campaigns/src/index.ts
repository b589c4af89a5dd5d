import { definePlugin, messages, page } from '@vap/kernel';

/**
 * Campaigns (spec §1, §2.3, §2.4; issue 34): the promotions, current and past, and the trade-in
 * screen — the campaign's policy and return address, the subsidy of an application as its lines
 * change, the application form (the page's `apply` button) and the records with a status filter
 * and their details; the balance-exchange campaign (`apply` too), and the transfer of vouchers
 * with a quantity to a cooperating first-level customer (`transfer`) with its records. Every page
 * is a lazy chunk.
 */
export default definePlugin({
  id: 'campaigns',
  kernel: '^2',
  pages: [
    page('promotion_info', () => import('./pages/promotions.js')),
    page('trade_in', () => import('./pages/trade-in.js'), { buttons: ['apply', 'transfer'] }),
  ],
  messages: [
    messages('campaigns', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
