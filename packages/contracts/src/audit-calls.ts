/** The calls of the owner's audit log (page `system_audit`): a page of entries, and the CSV export. */

import { declareCalls } from './calls.js';
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import { AUDIT_PATHS } from './paths-system.js';

const schemas = async () => {
  const [files, audit, list] = await Promise.all([
    import('./file-answers.js'),
    import('./audit.js'),
    import('./list.js'),
  ]);
  // The OpenAPI document names what the export's bytes are.
  return { ...audit, ...list, auditCsvSchema: files.csvFileSchema };
};

const FILTERS_HELP =
  'wheres (base64 JSON): user_id =, action = or like, created_at between/>=/<=. orders: created_at, action, user_id (default newest first).';

export const AUDIT_CALLS = declareCalls(schemas, ['system'], {
  entries: {
    method: 'GET',
    path: AUDIT_PATHS.list,
    access: 'owner',
    summary: "The audit log of the caller's company: who wrote what, when, before and after",
    description: FILTERS_HELP,
    schemas: (s) => s.listSchemas(s.auditEntrySchema, s.AUDIT_FILTERS, s.AUDIT_ORDER_KEYS),
  },
  exportCsv: {
    method: 'GET',
    path: AUDIT_PATHS.export,
    access: 'owner',
    file: true,
    summary: `The audit log as CSV (UTF-8 with BOM, header row): the entries matching the filters, refused beyond ${LOG_EXPORT_MAX_ROWS}`,
    description: `${FILTERS_HELP} Header x-total-count: how many the file holds. More than ${LOG_EXPORT_MAX_ROWS} match: 400 log_export_too_many_rows.`,
    schemas: (s) => ({ query: s.exportQuerySchema, response: s.auditCsvSchema }),
  },
});
