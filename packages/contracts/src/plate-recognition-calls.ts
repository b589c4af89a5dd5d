/**
 * The calls of plate recognition (spec §1, §2.3 `prs_trial`, `prs_detail`): `recognize`, the
 * service a company pays for, is open to access keys (docs/open-api.md); the trial, the resource
 * packages, the month's usage and the calls are the console's.
 */

import { declareCalls, exportOf, xlsxExportSchemas } from './calls.js';
import { PRS_PATHS } from './paths-plate-recognition.js';

const schemas = async () => ({
  ...(await import('./plate-recognition.js')),
  ...(await import('./list.js')),
  xlsxFile: (await import('./file-answers.js')).xlsxFileSchema,
});

/** plate-recognition.ts's PRS_EXPORT_MAX_ROWS (that module carries zod). */
const EXPORT_MAX_ROWS = 5000;

const calls = {
  method: 'GET',
  path: PRS_PATHS.calls,
  access: { page: 'prs_detail' },
  summary: "A page of the company's plate recognition calls, newest first",
  description: 'wheres (base64 JSON): at between, billing =, plate like. orders: at, amount.',
  schemas: (s: Awaited<ReturnType<typeof schemas>>) =>
    s.listSchemas(s.prsCallSchema, s.PRS_CALL_FILTERS, s.PRS_CALL_ORDER_KEYS),
} as const;

export const PRS_CALLS = declareCalls(schemas, ['plate recognition'], {
  recognize: {
    method: 'POST',
    path: PRS_PATHS.recognize,
    access: { page: 'prs_detail' },
    openApi: true,
    errors: [409, 503],
    summary:
      'Reads the licence plate of a PNG or JPEG image (base64, at most 2 MiB and 5000×5000): number, type (one of 28), colour, confidence, box',
    description:
      'A call that reads a plate is billed once: from a resource package first, else per call at the tier of its rank among the month’s per-call calls (Asia/Shanghai). None found: plate null, not billed. 409 balance_insufficient when neither a package nor the balance covers it; 400 file_too_large, file_content_incorrect; 503 when the engine fails (not billed).',
    schemas: (s) => ({ body: s.recognizeBodySchema, response: s.recognizeAnswerSchema }),
  },
  trialCount: {
    method: 'GET',
    path: PRS_PATHS.trial,
    access: { page: 'prs_trial' },
    summary: "Today's trial recognitions left (Asia/Shanghai)",
    schemas: (s) => ({ response: s.trialCountSchema }),
  },
  trial: {
    method: 'POST',
    path: PRS_PATHS.trial,
    access: { page: 'prs_trial', button: 'trial' },
    errors: [429, 503],
    summary:
      'A trial recognition, not billed: 429 trial_used_up once today’s trials are used; an engine failure gives the trial back',
    schemas: (s) => ({ body: s.recognizeBodySchema, response: s.trialAnswerSchema }),
  },
  packages: {
    method: 'GET',
    path: PRS_PATHS.packages,
    access: { page: 'prs_detail' },
    summary: "The company's resource packages not expired, the soonest to expire first",
    schemas: (s) => ({ response: s.prsPackagesSchema }),
  },
  buyPackage: {
    method: 'POST',
    path: PRS_PATHS.packages,
    access: { page: 'prs_detail', button: 'buy' },
    audit: 'prs.package.buy',
    errors: [409],
    status: 201,
    summary:
      'Buys a resource package (valid one year, no renewal or refund) from the balance; 409 balance_insufficient when short; the same request_id answers its first package',
    schemas: (s) => ({ body: s.buyPackageBodySchema, response: s.prsPackageSchema }),
  },
  usage: {
    method: 'GET',
    path: PRS_PATHS.usage,
    access: { page: 'prs_detail' },
    summary: 'A month’s calls (this month by default): per tier with what it cost, and per day',
    schemas: (s) => ({ query: s.usageQuerySchema, response: s.prsUsageSchema }),
  },
  calls,
  exportCalls: exportOf(calls, {
    path: PRS_PATHS.callsExport,
    summary: `The calls that match as .xlsx, refused beyond ${EXPORT_MAX_ROWS} rows`,
    schemas: xlsxExportSchemas,
  }),
});
