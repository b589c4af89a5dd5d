import { definePlugin, messages, page, titleFromQuery } from '@vap/kernel';

/**
 * Media (spec §1, §2.3; issue 32): video detail (`video_detail`), the cloud video recordings of the
 * devices holding a cloud video package — listed by device and time, played with seeking, and
 * downloaded with the role's `download` button; and hologram parking — the company's screen-display
 * schemes of its parking sites, their scheme files uploaded in parts (resumable), and their
 * publication to devices; and ad packages (`adpkg_management`) — layouts of the devices' screens
 * with their items, uploaded in parts, published to devices the same way — and their editor
 * (`adpkg_design`). Every page is a lazy chunk: nothing of it loads before the page is opened.
 */
export default definePlugin({
  id: 'media',
  kernel: '^2',
  pages: [
    page('video_detail', () => import('./pages/video-detail.js'), { buttons: ['download'] }),
    page('hologram_parking', () => import('./pages/hologram.js'), { buttons: ['add', 'edit', 'delete'] }),
    page('adpkg_management', () => import('./pages/adpkg.js'), {
      buttons: ['add', 'edit', 'delete', 'publish'],
    }),
    // The editor of one package (`?id=…&name=…`, the name titling its tab); kept alive: work not saved survives switching tabs.
    page('adpkg_design', () => import('./pages/adpkg-design.js'), {
      buttons: ['save', 'publish'],
      keepAlive: true,
      title: titleFromQuery('name'),
    }),
  ],
  messages: [
    messages('media', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
