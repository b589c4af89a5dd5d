import { definePlugin, menuDir, messages, page, whenProductEnabled } from '@vap/kernel';

/**
 * Internet telephony (spec §1, §2.3 voip_*, §3; issue 33), on only for a company whose product flag
 * `voip` is 0 — its menu dir hidden otherwise: device phones bound to the company's devices (add,
 * edit, delete, import from a workbook), agent phones and the call centers each belongs to, call
 * centers ringing their agents in order by a strategy, and the dial records, filtered and exported.
 * An extension's status, IP and UA are the SIP server's registrations, re-read while a list is shown.
 */
export default definePlugin({
  id: 'voip',
  kernel: '^2',
  activation: whenProductEnabled('voip'),
  menuDirs: [menuDir('voip', whenProductEnabled('voip'))],
  pages: [
    page('voip_device_phone', () => import('./pages/device-phones.js'), {
      buttons: ['add', 'edit', 'delete', 'import'],
    }),
    // Kept alive: the softphone on it stays signed in while its tab is open.
    page('voip_agent_phone', () => import('./pages/agent-phones.js'), {
      buttons: ['add', 'edit', 'delete'],
      keepAlive: true,
    }),
    page('voip_call_center', () => import('./pages/call-centers.js'), { buttons: ['add', 'edit', 'delete'] }),
    page('voip_dial_record', () => import('./pages/dial-records.js'), { buttons: ['export'] }),
  ],
  messages: [
    messages('voip', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
