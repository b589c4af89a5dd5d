/**
 * The calls of the algorithm mall (spec §1, §2.3). The products are the vendor's, the same for every
 * company: reading them needs the page that shows them.
 */

import { declareCalls, exportOf, rowCalls, xlsxExportSchemas } from './calls.js';
import { ALGMALL_PATHS } from './paths-algmall.js';

const schemas = async () => ({
  ...(await import('./algmall.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
  xlsxFile: (await import('./file-answers.js')).xlsxFileSchema,
  jsonFile: (await import('./file-answers.js')).jsonFileSchema,
});

/** A product's button, on the products page and on a product's own (buy, trial). */
const productButton = <const B extends string>(button: B) =>
  ({
    anyOf: [
      { page: 'algmall_product_list', button },
      { page: 'algmall_product_detail', button },
    ],
  }) as const;

/** The three pages that list the authorisations (online, offline, consumed), or a button of each. */
const authorisationPages = (button?: 'export') =>
  ({
    anyOf: (['algmall_onauth', 'algmall_offauth', 'algmall_consume'] as const).map((page) =>
      button ? { page, button } : { page },
    ),
  }) as const;

/** algmall.ts's ORDER_EXPORT_MAX_ROWS (algmall.ts carries zod). */
const EXPORT_MAX_ROWS = 5000;

/** The company's orders; buying (placing one) is a product's button, declared apart. */
const orderRows = rowCalls(schemas, {
  page: 'algmall_order',
  rows: ALGMALL_PATHS.orders,
  row: ALGMALL_PATHS.order.pattern,
});

const orders = orderRows.list({
  summary: "A page of the company's orders of authorisations, newest first",
  description:
    'wheres (base64 JSON): number like, product_id =, created_at between. orders: created_at, amount, remaining.',
  schemas: (s) => s.listSchemas(s.algmallOrderSchema, s.ALGMALL_ORDER_FILTERS, s.ALGMALL_ORDER_ORDER_KEYS),
});

const authorisations = {
  method: 'GET',
  path: ALGMALL_PATHS.authorisations,
  access: authorisationPages(),
  summary: "A page of the company's authorisations of devices, newest first",
  description:
    'wheres (base64 JSON): mode =, state = (in_progress, success, failed, cancelled, timeout), product_id =, sn like, created_at between.',
  schemas: (s: Awaited<ReturnType<typeof schemas>>) =>
    s.listSchemas(s.authorisationSchema, s.AUTHORISATION_FILTERS, s.AUTHORISATION_ORDER_KEYS),
} as const;

export const ALGMALL_CALLS = declareCalls(schemas, ['algmall'], {
  products: {
    method: 'GET',
    path: ALGMALL_PATHS.products,
    // The orders page names the products in its filter.
    access: { anyOf: [{ page: 'algmall_product_list' }, { page: 'algmall_order' }] },
    summary: 'A page of the algorithm mall’s products, by name',
    description:
      'wheres (base64 JSON): kind = (a device kind it runs on), text like (its name or summary in any language). orders: name, price_fen, updated_at.',
    schemas: (s) => s.listSchemas(s.productSchema, s.PRODUCT_FILTERS, s.PRODUCT_ORDER_KEYS),
  },
  product: {
    method: 'GET',
    path: ALGMALL_PATHS.product.pattern,
    access: { page: 'algmall_product_detail' },
    errors: [404],
    summary: 'One product of the algorithm mall with its detail text and images',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.productDetailSchema }),
  },
  buy: {
    method: 'POST',
    path: ALGMALL_PATHS.orders,
    access: productButton('buy'),
    audit: 'algmall.order.buy',
    errors: [404, 409],
    summary:
      'Buys authorisations of a product: the balance is debited and the order written in one transaction; 409 balance_insufficient when the balance is short (nothing written); the same request_id answers its first order',
    status: 201,
    schemas: (s) => ({ body: s.buyBodySchema, response: s.algmallOrderSchema }),
  },
  orders,
  order: orderRows.get({
    errors: [404],
    summary: "One of the company's orders; another company's or an unknown one is 404 order_not_found",
    schemas: (s) => ({ params: s.idParamsSchema, response: s.algmallOrderSchema }),
  }),
  trial: {
    method: 'POST',
    path: ALGMALL_PATHS.trials,
    access: productButton('trial'),
    audit: 'algmall.trial',
    errors: [404, 409],
    status: 201,
    summary:
      "A trial of a product on one device of the caller's groups: free, its licence valid for the product's trial days, sent as an online authorisation; 400 trial_unavailable for a product without a trial, 409 trial_used when the device had one of it",
    schemas: (s) => ({ body: s.trialBodySchema, response: s.authorisationSchema }),
  },
  devices: {
    method: 'GET',
    path: ALGMALL_PATHS.devices,
    access: { page: 'algmall_onauth' },
    summary:
      "A page of the devices the caller may authorise — their own company's, within their groups — by serial",
    description: 'wheres (base64 JSON): sn like.',
    schemas: (s) => s.listSchemas(s.authorisableDeviceSchema, s.AUTHORISABLE_DEVICE_FILTERS),
  },
  authorise: {
    method: 'POST',
    path: ALGMALL_PATHS.authorisations,
    access: { page: 'algmall_onauth', button: 'add' },
    audit: 'algmall.authorise',
    errors: [404, 409],
    summary:
      "Authorises devices of the caller's groups with a product online: one authorisation each from the company's orders, oldest first (409 authorisation_insufficient, nothing taken, when too few remain); each licence travels to its device as a job",
    status: 201,
    schemas: (s) => ({ body: s.authoriseBodySchema, response: s.authorisationsChangedSchema }),
  },
  authorisations,
  cancelAuthorisations: {
    method: 'POST',
    path: ALGMALL_PATHS.authorisationsCancel,
    access: { page: 'algmall_onauth', button: 'add' },
    audit: 'algmall.authorisation.cancel',
    summary:
      'Cancels online authorisations still waiting for their device; each gives its authorisation back. Answers how many were cancelled',
    schemas: (s) => ({ body: s.authorisationIdsBodySchema, response: s.authorisationsChangedSchema }),
  },
  retryAuthorisations: {
    method: 'POST',
    path: ALGMALL_PATHS.authorisationsRetry,
    access: { page: 'algmall_onauth', button: 'add' },
    audit: 'algmall.authorisation.retry',
    errors: [409],
    summary:
      'Retries failed, cancelled or timed-out online authorisations, each taking an authorisation again (409 authorisation_insufficient, nothing retried, when too few remain). Answers how many',
    schemas: (s) => ({ body: s.authorisationIdsBodySchema, response: s.authorisationsChangedSchema }),
  },
  // Its body is multipart form data (product_id, then file), read as a stream by the handler (no schema).
  authoriseOffline: {
    method: 'POST',
    path: ALGMALL_PATHS.offlineLicences,
    access: { page: 'algmall_offauth', button: 'add' },
    audit: 'algmall.authorise_offline',
    errors: [400, 404, 409, 413, 415],
    consumes: ['multipart/form-data'],
    status: 201,
    summary:
      "Authorises a device offline from its fingerprint file (multipart: product_id, then file, at most 20 MB; 413 file_too_large, 400 file_content_incorrect): takes one authorisation from the company's orders (409 authorisation_none when none is left) and answers the authorisation; its licence file is GET offline_licences/{id}/file",
    schemas: (s) => ({ response: s.authorisationSchema }),
  },
  offlineLicence: {
    method: 'GET',
    path: ALGMALL_PATHS.offlineLicence.pattern,
    access: { page: 'algmall_offauth', button: 'download' },
    errors: [404],
    file: true,
    summary:
      'The licence file of an offline authorisation of the company (JSON: payload and Ed25519 signature), the same bytes each time',
    schemas: (s) => ({ params: s.idParamsSchema, response: null, also: { 200: s.jsonFile } }),
  },
  exportAuthorisations: {
    method: 'GET',
    path: ALGMALL_PATHS.authorisationsExport,
    access: authorisationPages('export'),
    file: true,
    summary: `The authorisations that match as .xlsx, refused beyond ${EXPORT_MAX_ROWS} rows`,
    schemas: xlsxExportSchemas,
  },
  licenceKey: {
    method: 'GET',
    path: ALGMALL_PATHS.licenceKey,
    access: 'public',
    summary:
      'The Ed25519 public key (raw, base64url) that algorithm licences are signed with, for devices to verify them',
    schemas: (s) => ({ response: s.licenceKeySchema }),
  },
  exportOrders: exportOf(orders, {
    path: ALGMALL_PATHS.ordersExport,
    summary: `The orders that match as .xlsx, refused beyond ${EXPORT_MAX_ROWS} rows`,
    schemas: xlsxExportSchemas,
  }),
});
