/**
 * The calls of hologram parking (spec §2.3 hologram_parking; issue 32): the company's schemes, their
 * scheme files (uploaded in parts, resumable), and their publication to devices. The catalogue's
 * buttons of the page are add, edit and delete: publishing a scheme, or retrying it, edits it.
 */

import { declareCalls, rowCalls } from './calls.js';
import { HOLOGRAM_PATHS } from './paths-media.js';
import { publicationCalls } from './publication-calls.js';

const schemas = async () => ({
  ...(await import('./hologram.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
  ...(await import('./company.js')),
});

type Schemas = Awaited<ReturnType<typeof schemas>>;

const page = 'hologram_parking' as const;
const schemes = rowCalls(schemas, { page, rows: HOLOGRAM_PATHS.schemes, row: HOLOGRAM_PATHS.scheme.pattern });

export const HOLOGRAM_CALLS = declareCalls(schemas, ['hologram'], {
  schemes: schemes.list({
    summary:
      "A page of the company's hologram parking schemes, newest first, with how their deliveries stand",
    description: 'wheres (base64 JSON): name like, site like. orders: created_at, name.',
    schemas: (s) =>
      s.listSchemas(s.hologramSchemeSchema, s.HOLOGRAM_SCHEME_FILTERS, s.HOLOGRAM_SCHEME_ORDER_KEYS),
  }),
  fileToken: {
    method: 'POST',
    path: HOLOGRAM_PATHS.fileToken,
    access: {
      anyOf: [
        { page, button: 'add' },
        { page, button: 'edit' },
      ],
    },
    errors: [403],
    summary:
      'A 10-minute upload token of a scheme file hologram/{companyId}_{md5}.tar of at most 100 MB, sent in parts (POST /v1/pms/objects/uploads)',
    schemas: (s) => ({ body: s.hologramFileTokenBodySchema, response: s.uploadTokenResultSchema }),
  },
  create: schemes.create({
    audit: 'hologram.scheme.create',
    status: 201,
    errors: [409],
    summary:
      "Adds a scheme with its uploaded scheme file, whose archive is read and its manifest checked (400 file_content_incorrect; 400 object_missing when it is not the company's upload)",
    schemas: (s) => ({ body: s.hologramSchemeBodySchema, response: s.hologramSchemeSchema }),
  }),
  update: schemes.update({
    audit: 'hologram.scheme.update',
    errors: [404],
    summary: 'Edits a scheme: its name, site and scheme file (checked as when added)',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.hologramSchemeBodySchema,
      response: s.hologramSchemeSchema,
    }),
  }),
  remove: schemes.remove({
    audit: 'hologram.scheme.delete',
    errors: [404],
    summary: 'Deletes a scheme; deliveries still on their way are cancelled',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  }),
  ...publicationCalls({
    what: 'scheme',
    fetches: 'the file',
    paths: {
      deliveries: HOLOGRAM_PATHS.deliveries.pattern,
      retry: HOLOGRAM_PATHS.retry.pattern,
      devices: HOLOGRAM_PATHS.devices,
    },
    access: { deliveries: { page }, publish: { page, button: 'edit' }, devices: { page } },
    audit: { publish: 'hologram.scheme.publish', retry: 'hologram.scheme.retry' },
    publication: (s: Schemas) => s.hologramPublication,
  }),
});
