import { definePlugin, messages, page, titleFromQuery } from '@vap/kernel';

/**
 * The algorithm mall (spec §1, §2.3; issue 31): the vendor's algorithms as products — the product
 * list (cards filtered by device kind and words) and a product's detail, titled by the `name` its
 * card passes in the address (spec §2.3), both offering to buy authorisations — and the company's
 * orders of them, and the authorisation of its devices online and offline. Every page is a lazy chunk: the mall weighs nothing on the console's first load.
 */
export default definePlugin({
  id: 'algmall',
  kernel: '^2',
  pages: [
    page('algmall_product_list', () => import('./pages/product-list.js'), { buttons: ['buy', 'trial'] }),
    page('algmall_product_detail', () => import('./pages/product-detail.js'), {
      buttons: ['buy', 'trial'],
      title: titleFromQuery('name'),
    }),
    page('algmall_onauth', () => import('./pages/onauth.js'), { buttons: ['add', 'export'] }),
    page('algmall_offauth', () => import('./pages/offauth.js'), { buttons: ['add', 'download', 'export'] }),
    page('algmall_order', () => import('./pages/orders.js'), { buttons: ['export'] }),
    page('algmall_consume', () => import('./pages/consume.js'), { buttons: ['export'] }),
  ],
  messages: [
    messages('algmall', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
