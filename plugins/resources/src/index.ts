import { definePlugin, messages, page, publicRoute } from '@vap/kernel';

/**
 * Resources (spec §1, §2.1, §2.3 `resource_download`; issue 32): the vendor's and the company's
 * downloadable files — listed with filters, downloaded (button `download`), shared as a link valid
 * 1, 3 or 7 days whose list can revoke one (button `share`) — and the public pages: the share page
 * (titled as resource download, spec §2.3), the official download page opened by a skip-login
 * grant (the company's grants listed and revoked with `share`), the service agreement and the camera quick-start guide. Every page is a lazy chunk.
 */
export default definePlugin({
  id: 'resources',
  kernel: '^2',
  pages: [page('resource_download', () => import('./pages/download.js'), { buttons: ['download', 'share'] })],
  publicRoutes: [
    // Spec §2.3: the share page uses the resource-download title.
    publicRoute('/sharePage', () => import('./public/share-page.js'), 'menu.resource_download'),
    publicRoute('/official', () => import('./public/official-page.js'), 'menu.resource_download'),
    publicRoute('/protocol', () => import('./public/protocol-page.js'), 'resources:documents.protocol'),
    publicRoute('/ipcfile', () => import('./public/ipcfile-page.js'), 'resources:documents.ipcfile'),
  ],
  messages: [
    messages('resources', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
