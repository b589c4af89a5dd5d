import type { AlgmallOrder, Authorisation, MenuItem, Product, ProductDetail } from '@vap/contracts';
import type { Answers, RenderPageOptions } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import plugin from './index.js';
import { DETAIL_PAGE } from './product.js';

/** A product as the list answers it: helmet detection, its words in each language. */
export const product = (partial: Partial<Product> & Pick<Product, 'id'>): Product => ({
  code: `algo-${partial.id}`,
  name: { 'zh-CN': '安全帽检测', en: 'Helmet detection', 'zh-TW': '安全帽偵測' },
  summary: {
    'zh-CN': '识别未戴安全帽的人员',
    en: 'Spots people without a helmet',
    'zh-TW': '辨識未戴安全帽的人員',
  },
  version: '1.2.0',
  kinds: ['ipc'],
  models: [],
  price_fen: 19_900,
  trial_days: null,
  cover: null,
  ...partial,
});

/** A product with its detail, as the detail call answers it. */
export const productDetail = (
  partial: Partial<ProductDetail> & Pick<ProductDetail, 'id'>,
): ProductDetail => ({
  ...product(partial),
  detail: {
    'zh-CN': '实时识别。\n\n支持夜间。',
    en: 'Detects in real time.\nAlerts at once.\n\nWorks at night.',
    'zh-TW': '即時辨識。\n\n支援夜間。',
  },
  images: [],
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

/** An order of helmet detection's authorisations, as the orders call answers it: 10 bought at ¥199.00. */
export const algmallOrder = (partial: Partial<AlgmallOrder> & Pick<AlgmallOrder, 'id'>): AlgmallOrder => ({
  number: `A${String(partial.id).padStart(12, '0')}`,
  product_id: 7,
  product_name: product({ id: 7 }).name,
  purchased: 10,
  used: 4,
  returned: 1,
  remaining: 7,
  amount: 199_000,
  created_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

/** An online authorisation of helmet detection for device `Gate {id}`, as the authorisations list answers it. */
export const authorisation = (
  partial: Partial<Authorisation> & Pick<Authorisation, 'id' | 'sn' | 'state'>,
): Authorisation => ({
  mode: 'online',
  product_id: 7,
  product_name: product({ id: 7 }).name,
  device_id: partial.id,
  device_name: `Gate ${partial.id}`,
  model: 'VC-C3',
  reason: null,
  order_number: 'A20261129000001',
  attempts: 1,
  trial_until: null,
  created_at: '2026-11-29T08:00:00.000Z',
  ended_at: null,
  ...partial,
});

export { pageOf } from '@vap/kernel/testing';

/** The detail page in the user's menu (a hidden page of the mall), for the cards to open. */
export const detailMenu: MenuItem = {
  id: 400,
  parent_id: 0,
  name: 'algmall',
  type: 'dir',
  path: 'algmall',
  title: 'menu.algmall',
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: 400,
  children: [
    {
      id: 401,
      parent_id: 400,
      name: DETAIL_PAGE,
      type: 'page',
      path: 'product-detail',
      title: `menu.${DETAIL_PAGE}`,
      icon: '',
      is_hidden: true,
      is_disable: false,
      sort: 2,
      children: [],
    },
  ],
};

/**
 * Renders a page of the mall as the console does (`@vap/ui/testing`), answering `answers` unless
 * the options answer otherwise.
 */
export function renderMallPage(name: string, answers: Answers, options: RenderPageOptions = {}) {
  return renderConsolePage(plugin, name, answers, options);
}
