import { ALGMALL_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import type { ProductCatalogue } from './products.js';

/** The mall's product list and detail (spec §2.3): the vendor's products, the same for every company. */
export async function algmallRoutes(app: FastifyInstance, { catalogue }: { catalogue: ProductCatalogue }) {
  await serve(app, ALGMALL_CALLS.products, (request, _reply, list) =>
    catalogue.list(list, negotiateLanguage(request.headers['accept-language'])),
  );
  await serve(app, ALGMALL_CALLS.product, async (request) => {
    const product = await catalogue.detail(request.params.id);
    if (!product) throw new ApiError(404, 'not_found');
    return product;
  });
}
