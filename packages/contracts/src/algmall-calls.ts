/**
 * The calls of the algorithm mall (spec §1, §2.3). The products are the vendor's, the same for every
 * company: reading them needs the page that shows them.
 */
import { ALGMALL_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = async () => ({
  ...(await import('./algmall.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
});

export const ALGMALL_CALLS = declareCalls(schemas, ['algmall'], {
  products: {
    method: 'GET',
    path: ALGMALL_PATHS.products,
    access: { page: 'algmall_product_list' },
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
});
