import { Readable } from 'node:stream';
import {
  ALGMALL_CALLS,
  ALGMALL_ORDER_FILTERS,
  ALGMALL_ORDER_ORDER_KEYS,
  AUTHORISATION_FILTERS,
  AUTHORISATION_ORDER_KEYS,
  FINGERPRINT_MAX_BYTES,
  idSchema,
} from '@vap/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller, permissionsOf } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';
import { negotiateLanguage } from '../../core/http/i18n.js';
import { listSelection } from '../../core/http/list-query.js';
import { pluginWords } from '../../core/http/plugin-words.js';
import { sendXlsxColumns } from '../../core/http/xlsx-download.js';
import { readMultipart } from '../../core/storage/multipart.js';
import type { AlgmallAuthorisations } from './authorisations.js';
import { fingerprintOf, type OfflineAuthorisations, readFingerprintFile } from './offline.js';
import {
  ALGMALL_PAGE_MESSAGES,
  AUTHORISATION_EXPORT_COLUMNS,
  type ExportColumn,
  ORDER_EXPORT_COLUMNS,
} from './order-export.js';
import type { AlgmallOrders } from './orders.js';
import type { ProductCatalogue } from './products.js';

/** A multipart form's envelope around its file: the product's field, the part headers. */
const ENVELOPE_BYTES = 64 * 1024;

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
    offline,
  }: {
    db: Db;
    catalogue: ProductCatalogue;
    orders: AlgmallOrders;
    authorisations: AlgmallAuthorisations;
    offline: OfflineAuthorisations;
  },
) {
  // A fingerprint file is read as a stream by readMultipart, never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_request, body, done) => done(null, body));

  await serve(app, ALGMALL_CALLS.products, (request, _reply, list) =>
    catalogue.list(list, negotiateLanguage(request.headers['accept-language'])),
  );
  await serve(app, ALGMALL_CALLS.product, async (request) => {
    const product = await catalogue.detail(request.params.id);
    if (!product) throw new ApiError(404, 'not_found');
    return product;
  });

  await serve(app, ALGMALL_CALLS.buy, async (request) =>
    orders.buy(
      await companyOfCaller(request, db),
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, ALGMALL_CALLS.orders, async (request, _reply, list) =>
    orders.page(await companyOfCaller(request, db), list),
  );
  await serve(app, ALGMALL_CALLS.order, async (request) => {
    const order = await orders.one(await companyOfCaller(request, db), request.params.id);
    if (!order) throw new ApiError(404, 'order_not_found');
    return order;
  });
  await serve(app, ALGMALL_CALLS.trial, async (request) =>
    authorisations.trial(await permissionsOf(request, db), request.body, auditTrail(request)),
  );
  await serve(app, ALGMALL_CALLS.devices, async (request, _reply, list) =>
    authorisations.devices(await permissionsOf(request, db), list),
  );
  await serve(app, ALGMALL_CALLS.authorise, async (request) =>
    authorisations
      .authorise(await permissionsOf(request, db), request.body, auditTrail(request))
      .then(({ count }) => ({ changed: count })),
  );
  await serve(app, ALGMALL_CALLS.authorisations, async (request, _reply, list) =>
    authorisations.page(await companyOfCaller(request, db), list),
  );
  await serve(app, ALGMALL_CALLS.cancelAuthorisations, async (request) =>
    authorisations.cancel(await companyOfCaller(request, db), request.body.ids, auditTrail(request)),
  );
  await serve(app, ALGMALL_CALLS.retryAuthorisations, async (request) =>
    authorisations.retry(await companyOfCaller(request, db), request.body.ids, auditTrail(request)),
  );
  await serve(app, ALGMALL_CALLS.authoriseOffline, async (request) => {
    const { body } = request;
    if (!(body instanceof Readable)) throw new ApiError(415, 'unsupported_media_type');
    const companyId = await companyOfCaller(request, db);
    const form = await readMultipart(body, request.headers, {
      maxBytes: FINGERPRINT_MAX_BYTES + ENVELOPE_BYTES,
      onFile: async (name, stream, { fields }) => {
        if (name !== 'file') throw new ApiError(400, 'bad_request');
        // The product comes before the file.
        const productId = idSchema.safeParse(Number(fields.get('product_id')));
        if (!productId.success) throw new ApiError(400, 'validation_failed');
        const fingerprint = fingerprintOf(await readFingerprintFile(stream));
        return { productId: productId.data, fingerprint, discard: async () => {} };
      },
    }).catch((error: unknown) => {
      // The body past its bound is the file's: §8 'file too large'.
      if (error instanceof ApiError && error.code === 'payload_too_large')
        throw new ApiError(413, 'file_too_large');
      throw error;
    });
    const file = form.files.get('file');
    if (!file) throw new ApiError(400, 'file_content_incorrect');
    const id = await offline.authorise(companyId, file.productId, file.fingerprint, auditTrail(request));
    const authorisation = await authorisations.one(companyId, id);
    if (!authorisation) throw new Error('authorisation not found');
    return authorisation;
  });
  await serve(app, ALGMALL_CALLS.offlineLicence, async (request, reply) => {
    const licence = await offline.licence(await companyOfCaller(request, db), request.params.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="licence-${request.params.id}.json"`)
      .send(JSON.stringify(licence));
  });
  await serve(app, ALGMALL_CALLS.licenceKey, async () => authorisations.licenceKey());
  await serve(app, ALGMALL_CALLS.exportAuthorisations, async (request, reply) => {
    const rows = await authorisations.all(
      await companyOfCaller(request, db),
      listSelection(request.query, AUTHORISATION_FILTERS, AUTHORISATION_ORDER_KEYS),
    );
    return sendRows(request, reply, 'algmall-authorisations', AUTHORISATION_EXPORT_COLUMNS, rows);
  });
  await serve(app, ALGMALL_CALLS.exportOrders, async (request, reply) => {
    const rows = await orders.all(
      await companyOfCaller(request, db),
      listSelection(request.query, ALGMALL_ORDER_FILTERS, ALGMALL_ORDER_ORDER_KEYS),
    );
    return sendRows(request, reply, 'algmall-orders', ORDER_EXPORT_COLUMNS, rows);
  });
}

/** Rows of a page's list as .xlsx, with the page's own words (the algmall plugin's) in the caller's language. */
function sendRows<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  columns: ReadonlyArray<ExportColumn<T>>,
  rows: readonly T[],
) {
  const language = negotiateLanguage(request.headers['accept-language']);
  const word = pluginWords(ALGMALL_PAGE_MESSAGES, language);
  return sendXlsxColumns(reply, name, columns, word, rows, language, word);
}
