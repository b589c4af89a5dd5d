import { DEV_PAYMENT_PAGE_PATH } from '@vap/contracts';
import { contribute, definePlugin, messages, page, publicRoute, topbarItem } from '@vap/kernel';
import { DashboardCards } from '@vap/plugin-dashboard/points';

/**
 * Money (spec §1 finance, §2.3 recharge, consume_record and coupon, §9; issue 17): the balance
 * and its low-balance warning, online recharge (an order paid in a window of the payment provider,
 * followed until it is paid, cancelled or expired) and bank transfer, the recharge orders, and the
 * charges to the balance with their export, and the vouchers (redeemed, or transferred to a
 * first-level customer), and the invoices. A dashboard card and a top bar warning show the balance
 * to those who may open the recharge page; the development payment provider's cashier page is
 * public. Invoices: the company's invoice details and requests (invoice_record) and the paid orders
 * to invoice (invoice_payment).
 */
export default definePlugin({
  id: 'finance',
  kernel: '^2',
  pages: [
    // `recharge` guards placing and cancelling orders.
    page('recharge', () => import('./pages/recharge.js'), { buttons: ['recharge'] }),
    page('consume_record', () => import('./pages/consumption.js'), { buttons: ['export'] }),
    // `transfer` guards sending a voucher to a first-level customer; redeeming needs the page.
    page('coupon', () => import('./pages/coupons.js'), { buttons: ['transfer'] }),
    // `apply` guards the invoice details and asking an invoice (the latter on invoice_payment too);
    // `export` the .xlsx of the invoice requests.
    page('invoice_record', () => import('./pages/invoice-record.js'), { buttons: ['apply', 'export'] }),
    // Has no button of its own (the catalogue's `pay`, which guarded nothing, is gone: migration
    // 0028): asking an invoice here is invoice_record's `apply`, read from the session.
    page('invoice_payment', () => import('./pages/invoice-payment.js')),
  ],
  // The development provider's cashier (docs/operations.md "Payments"): the token in the address is
  // all the payer holds, so it needs no session.
  publicRoutes: [
    publicRoute(
      DEV_PAYMENT_PAGE_PATH,
      () => import('./open-pages/dev-payment.js'),
      'finance:devPayment.title',
    ),
  ],
  topbar: [topbarItem('finance-balance-warning', () => import('./topbar/balance-warning.js'), { order: 5 })],
  contributions: [
    contribute(
      DashboardCards,
      'finance-balance',
      { component: () => import('./dashboard-card.js'), page: 'recharge' },
      { order: 20 },
    ),
  ],
  messages: [
    messages('finance', {
      en: () => import('./locales/en.json'),
      'zh-CN': () => import('./locales/zh-CN.json'),
      'zh-TW': () => import('./locales/zh-TW.json'),
    }),
  ],
});
