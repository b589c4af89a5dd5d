import { ALGMALL_CALLS, ALGMALL_ORDER_FILTERS, ALGMALL_ORDER_ORDER_KEYS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { listFilters, listOrders } from '../../core/http/list-query.js';
import { pluginWords } from '../../core/http/plugin-words.js';
import { sendXlsx } from '../../core/http/xlsx-download.js';
import type { AlgmallAuthorisations } from './authorisations.js';
import { ALGMALL_PAGE_MESSAGES, ORDER_EXPORT_COLUMNS } from './order-export.js';
import type { AlgmallOrders } from './orders.js';
import type { ProductCatalogue } from './products.js';

/**
 * The mall's product list and detail (spec §2.3): the vendor's products, the same for every company;
 * and the caller's company's orders: buying, the list, one order, the export.
 */
export async function algmallRoutes(
  app: FastifyInstance,
  {
    db,
    catalogue,
    orders,
    authorisations,
  }: { db: Db; catalogue: ProductCatalogue; orders: AlgmallOrders; authorisations: AlgmallAuthorisations },
) {
  const companyOfCaller = async (request: Parameters<typeof permissionsOf>[0]) =>
    companyOf(await permissionsOf(request, db));

  await serve(app, ALGMALL_CALLS.products, (request, _reply, list) =>
    catalogue.list(list, negotiateLanguage(request.headers['accept-language'])),
  );
  await serve(app, ALGMALL_CALLS.product, async (request) => {
    const product = await catalogue.detail(request.params.id);
    if (!product) throw new ApiError(404, 'not_found');
    return product;
  });

  await serve(app, ALGMALL_CALLS.buy, async (request) =>
    orders.buy(await companyOfCaller(request), request.body, callerOf(request).userId, auditTrail(request)),
  );
  await serve(app, ALGMALL_CALLS.orders, async (request, _reply, list) =>
    orders.page(await companyOfCaller(request), list),
  );
  await serve(app, ALGMALL_CALLS.order, async (request) => {
    const order = await orders.one(await companyOfCaller(request), request.params.id);
    if (!order) throw new ApiError(404, 'order_not_found');
    return order;
  });
  await serve(app, ALGMALL_CALLS.authorise, async (request) =>
    authorisations
      .authorise(await permissionsOf(request, db), request.body, auditTrail(request))
      .then(({ count }) => ({ changed: count })),
  );
  await serve(app, ALGMALL_CALLS.authorisations, async (request, _reply, list) =>
    authorisations.page(await companyOfCaller(request), list),
  );
  await serve(app, ALGMALL_CALLS.cancelAuthorisations, async (request) =>
    authorisations.cancel(await companyOfCaller(request), request.body.ids, auditTrail(request)),
  );
  await serve(app, ALGMALL_CALLS.retryAuthorisations, async (request) =>
    authorisations.retry(await companyOfCaller(request), request.body.ids, auditTrail(request)),
  );
  await serve(app, ALGMALL_CALLS.licenceKey, async () => authorisations.licenceKey());
  await serve(app, ALGMALL_CALLS.exportOrders, async (request, reply) => {
    const rows = await orders.all(await companyOfCaller(request), {
      wheres: listFilters(request.query.wheres, ALGMALL_ORDER_FILTERS),
      orders: listOrders(request.query.orders, ALGMALL_ORDER_ORDER_KEYS),
    });
    const language = negotiateLanguage(request.headers['accept-language']);
    const word = pluginWords(ALGMALL_PAGE_MESSAGES, language);
    async function* each() {
      yield* rows;
    }
    return sendXlsx(
      reply,
      'algmall-orders',
      ORDER_EXPORT_COLUMNS.map(([key]) => word(key)),
      each(),
      (order) => ORDER_EXPORT_COLUMNS.map(([, cell]) => cell(order, language)),
    );
  });
}
