import { definePlugin, messages, page } from '@vap/kernel';

/**
 * The open platform's API debugger (spec §1, §2.3 `openapi_debug`; issue 31): pick one of an access
 * key's open operations, fill the form generated from its schema in the server's API document, sign
 * it in the browser with the key's secret (WebCrypto; the secret is never sent), send it as a third
 * party would and read the status, time, headers and body; copy it as `curl`. The page is a lazy
 * chunk: it weighs nothing on the console's first load.
 */
export default definePlugin({
  id: 'open-platform',
  kernel: '^2',
  pages: [page('openapi_debug', () => import('./pages/openapi-debug.js'), { buttons: ['send'] })],
  messages: [
    messages('open-platform', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
