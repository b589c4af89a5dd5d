import { pathWithId } from './path-with-id.js';

/** The algorithm mall (spec §1): the vendor's algorithms as products. */
export const ALGMALL_PATHS = {
  /** GET: a page of the products (list query: kind, text). */
  products: '/v1/algmall/products',
  /** GET: one product with its detail. */
  product: pathWithId('/v1/algmall/products/:id'),
  /** GET: a page of the company's orders (list query); POST: buys authorisations of a product. */
  orders: '/v1/algmall/company/orders',
  /** GET: one of the company's orders. */
  order: pathWithId('/v1/algmall/company/orders/:id'),
  /** GET: the orders of a filter as .xlsx. */
  ordersExport: '/v1/algmall/company/orders/export',
  /** GET: a page of the company's authorisations (list query); POST: authorises devices online. */
  authorisations: '/v1/algmall/company/authorisations',
  /** POST: cancels authorisations still waiting for their device. */
  authorisationsCancel: '/v1/algmall/company/authorisations/cancel',
  /** POST: retries failed, cancelled or timed-out authorisations. */
  authorisationsRetry: '/v1/algmall/company/authorisations/retry',
  /** GET: the authorisations of a filter as .xlsx. */
  authorisationsExport: '/v1/algmall/company/authorisations/export',
  /** POST (multipart: product_id, then file): authorises a device offline from its fingerprint file. */
  offlineLicences: '/v1/algmall/company/offline_licences',
  /** GET: an offline authorisation's licence file, again. */
  offlineLicence: pathWithId('/v1/algmall/company/offline_licences/:id/file'),
  /** POST: a trial of a product on one device. */
  trials: '/v1/algmall/company/trials',
  /** GET: the devices the caller may authorise (list query: sn). */
  devices: '/v1/algmall/company/devices',
  /** GET (public): the Ed25519 key licences are signed with, for devices. */
  licenceKey: '/v1/algmall/licence_key',
} as const;

/** The detection lab of the algorithm mall (spec §2.3 `algmall_detect_lab`). */
export const LVLM_LAB_PATHS = {
  /** GET: the company's trials of today. */
  trials: '/v1/algmall/lab/trials',
  /** POST (multipart file): keeps a trial image. */
  images: '/v1/algmall/lab/images',
  /** POST: a detection of a kept image. */
  detections: '/v1/algmall/lab/detections',
} as const;
