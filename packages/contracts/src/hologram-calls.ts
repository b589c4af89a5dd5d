/**
 * The calls of hologram parking (spec §2.3 hologram_parking; issue 32): the company's schemes, their
 * scheme files (uploaded in parts, resumable), and their publication to devices. The catalogue's
 * buttons of the page are add, edit and delete: publishing a scheme, or retrying it, edits it.
 */
import { HOLOGRAM_PATHS } from './api-paths.js';
import { declareCalls } from './calls.js';

const schemas = async () => ({
  ...(await import('./hologram.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
  ...(await import('./company.js')),
});

const page = 'hologram_parking' as const;

export const HOLOGRAM_CALLS = declareCalls(schemas, ['hologram'], {
  schemes: {
    method: 'GET',
    path: HOLOGRAM_PATHS.schemes,
    access: { page },
    summary:
      "A page of the company's hologram parking schemes, newest first, with how their deliveries stand",
    description: 'wheres (base64 JSON): name like, site like. orders: created_at, name.',
    schemas: (s) =>
      s.listSchemas(s.hologramSchemeSchema, s.HOLOGRAM_SCHEME_FILTERS, s.HOLOGRAM_SCHEME_ORDER_KEYS),
  },
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
  create: {
    method: 'POST',
    path: HOLOGRAM_PATHS.schemes,
    access: { page, button: 'add' },
    audit: 'hologram.scheme.create',
    status: 201,
    errors: [409],
    summary:
      "Adds a scheme with its uploaded scheme file, whose archive is read and its manifest checked (400 file_content_incorrect; 400 object_missing when it is not the company's upload)",
    schemas: (s) => ({ body: s.hologramSchemeBodySchema, response: s.hologramSchemeSchema }),
  },
  update: {
    method: 'PUT',
    path: HOLOGRAM_PATHS.scheme.pattern,
    access: { page, button: 'edit' },
    audit: 'hologram.scheme.update',
    errors: [404],
    summary: 'Edits a scheme: its name, site and scheme file (checked as when added)',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.hologramSchemeBodySchema,
      response: s.hologramSchemeSchema,
    }),
  },
  remove: {
    method: 'DELETE',
    path: HOLOGRAM_PATHS.scheme.pattern,
    access: { page, button: 'delete' },
    audit: 'hologram.scheme.delete',
    errors: [404],
    summary: 'Deletes a scheme; deliveries still on their way are cancelled',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  },
  deliveries: {
    method: 'GET',
    path: HOLOGRAM_PATHS.deliveries.pattern,
    access: { page },
    errors: [404],
    summary: 'A page of the devices a scheme is published to, with the state of each delivery',
    description: 'wheres (base64 JSON): state =, sn like.',
    schemas: (s) => ({
      params: s.idParamsSchema,
      ...s.listSchemas(s.hologramDeliverySchema, s.HOLOGRAM_DELIVERY_FILTERS),
    }),
  },
  publish: {
    method: 'POST',
    path: HOLOGRAM_PATHS.deliveries.pattern,
    access: { page, button: 'edit' },
    audit: 'hologram.scheme.publish',
    errors: [404],
    summary:
      "Publishes a scheme to devices of the caller's groups: each device fetches the file by a signed, expiring URL, checks its size and md5 and reports, as a job of the task engine. Answers how many",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.hologramPublishBodySchema,
      response: s.hologramChangedSchema,
    }),
  },
  retry: {
    method: 'POST',
    path: HOLOGRAM_PATHS.retry.pattern,
    access: { page, button: 'edit' },
    audit: 'hologram.scheme.retry',
    errors: [404],
    summary: 'Publishes a scheme again to those of the given deliveries that failed; answers how many',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.hologramRetryBodySchema,
      response: s.hologramChangedSchema,
    }),
  },
  devices: {
    method: 'GET',
    path: HOLOGRAM_PATHS.devices,
    access: { page },
    summary:
      "A page of the devices the caller may publish to — their own company's, within their groups — by serial",
    description: 'wheres (base64 JSON): sn like.',
    schemas: (s) => s.listSchemas(s.hologramDeviceSchema, s.HOLOGRAM_DEVICE_FILTERS),
  },
});
