import { definePlugin, messages, page, whenProductEnabled } from '@vap/kernel';

/**
 * Resource management (spec §2.3 `resource_management`; issue 32), on only for a company whose
 * product flag `rsrc_mgt` is 0: the company's own downloadable resources, uploaded in parts through the
 * object store's token flow (spec §7.2), edited and deleted — each with the role's button. What is
 * uploaded here is listed on resource download beside the vendor's, and can be shared from there.
 */
export default definePlugin({
  id: 'resource-management',
  kernel: '^2',
  activation: whenProductEnabled('rsrc_mgt'),
  pages: [
    page('resource_management', () => import('./pages/management.js'), {
      buttons: ['upload', 'edit', 'delete'],
    }),
  ],
  messages: [
    messages('resource-management', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
