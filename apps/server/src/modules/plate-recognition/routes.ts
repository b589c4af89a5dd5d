import { PRS_BODY_MAX_BYTES, PRS_CALL_FILTERS, PRS_CALL_ORDER_KEYS, PRS_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import { auditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { callerOf, companyOfCaller } from '../../core/http/access.js';
import { serve } from '../../core/http/calls.js';
import { negotiateLanguage, translate } from '../../core/http/i18n.js';
import { listSelection } from '../../core/http/list-query.js';
import { sendXlsxColumns } from '../../core/http/xlsx-download.js';
import type { PlateBilling } from './billing.js';
import { CALL_EXPORT_COLUMNS, type PlateCalls } from './calls.js';
import type { PlateRecognition } from './recognition.js';

/**
 * Plate recognition's calls: `recognize` (the open API's, billed), the trial and its count (page
 * prs_trial), the packages, the month's usage and the calls with their export (page prs_detail).
 * The image bodies are bounded before they are read (a 2 MiB image's base64 and some room).
 */
export async function plateRecognitionRoutes(
  app: FastifyInstance,
  {
    db,
    recognition,
    billing,
    calls,
  }: { db: Db; recognition: PlateRecognition; billing: PlateBilling; calls: PlateCalls },
) {
  const imageBody = { bodyLimit: PRS_BODY_MAX_BYTES };

  await serve(
    app,
    PRS_CALLS.recognize,
    async (request) => recognition.recognize(await companyOfCaller(request, db), request.body.image),
    imageBody,
  );
  await serve(
    app,
    PRS_CALLS.trial,
    async (request) => recognition.trial(await companyOfCaller(request, db), request.body.image),
    imageBody,
  );
  await serve(app, PRS_CALLS.trialCount, async (request) =>
    recognition.trialCount(await companyOfCaller(request, db)),
  );
  await serve(app, PRS_CALLS.packages, async (request) => ({
    items: await billing.packages(await companyOfCaller(request, db)),
  }));
  await serve(app, PRS_CALLS.buyPackage, async (request) =>
    billing.buy(
      await companyOfCaller(request, db),
      request.body,
      callerOf(request).userId,
      auditTrail(request),
    ),
  );
  await serve(app, PRS_CALLS.usage, async (request) =>
    billing.usage(await companyOfCaller(request, db), request.query.month),
  );
  await serve(app, PRS_CALLS.calls, async (request, _reply, list) =>
    calls.page(await companyOfCaller(request, db), list),
  );
  await serve(app, PRS_CALLS.exportCalls, async (request, reply) => {
    const rows = await calls.all(
      await companyOfCaller(request, db),
      listSelection(request.query, PRS_CALL_FILTERS, PRS_CALL_ORDER_KEYS),
    );
    const language = negotiateLanguage(request.headers['accept-language']);
    return sendXlsxColumns(
      reply,
      'plate-recognition-calls',
      CALL_EXPORT_COLUMNS,
      (key) => translate(language, `prs.export.${key}`),
      rows,
      language,
    );
  });
}
