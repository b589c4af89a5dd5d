/**
 * The calls of ad packages (spec §2.3 adpkg_management, adpkg_design; issue 32): the company's
 * packages, their items' files (uploaded in parts, resumable), and their publication to devices.
 * The catalogue's buttons: adpkg_management add, edit, delete, publish; adpkg_design save, publish.
 */

import { declareCalls } from './calls.js';
import { ADPKG_PATHS } from './paths-media.js';
import { publicationCalls } from './publication-calls.js';

const schemas = async () => ({
  ...(await import('./adpkg.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
  ...(await import('./company.js')),
});

type Schemas = Awaited<ReturnType<typeof schemas>>;

const page = 'adpkg_management' as const;
const design = 'adpkg_design' as const;
/** Either page shows the packages and their deliveries. */
const reading = { anyOf: [{ page }, { page: design }] } as const;
const publishing = {
  anyOf: [
    { page, button: 'publish' },
    { page: design, button: 'publish' },
  ],
} as const;

export const ADPKG_CALLS = declareCalls(schemas, ['adpkg'], {
  packages: {
    method: 'GET',
    path: ADPKG_PATHS.packages,
    access: reading,
    summary: "A page of the company's ad packages, newest first, with how their deliveries stand",
    description: 'wheres (base64 JSON): name like. orders: created_at, name.',
    schemas: (s) => s.listSchemas(s.adpkgSchema, s.ADPKG_FILTERS, s.ADPKG_ORDER_KEYS),
  },
  one: {
    method: 'GET',
    path: ADPKG_PATHS.package.pattern,
    access: reading,
    errors: [404],
    summary: 'One ad package with its items',
    schemas: (s) => ({ params: s.idParamsSchema, response: s.adpkgSchema }),
  },
  fileToken: {
    method: 'POST',
    path: ADPKG_PATHS.fileToken,
    access: {
      anyOf: [
        { page, button: 'add' },
        { page, button: 'edit' },
        { page: design, button: 'save' },
      ],
    },
    errors: [403],
    summary:
      "A 10-minute upload token of an item's file adpkg/{companyId}_{md5}.{jpg|png|mp4} — an image at most 5 MB, a video at most 100 MB — sent in parts (POST /v1/pms/objects/uploads)",
    schemas: (s) => ({ body: s.adpkgFileTokenBodySchema, response: s.uploadTokenResultSchema }),
  },
  create: {
    method: 'POST',
    path: ADPKG_PATHS.packages,
    access: { page, button: 'add' },
    audit: 'adpkg.package.create',
    status: 201,
    summary:
      "Adds a package with its uploaded items: an image's size read (at most 1296×2304), a video read as an MP4 for its duration, resolution and codec (400 file_content_incorrect; 400 object_missing when it is not the company's upload)",
    schemas: (s) => ({ body: s.adpkgBodySchema, response: s.adpkgSchema }),
  },
  update: {
    method: 'PUT',
    path: ADPKG_PATHS.package.pattern,
    access: {
      anyOf: [
        { page, button: 'edit' },
        { page: design, button: 'save' },
      ],
    },
    audit: 'adpkg.package.update',
    errors: [404],
    summary: 'Edits a package: its name, split and items (new files checked as when added)',
    schemas: (s) => ({ params: s.idParamsSchema, body: s.adpkgBodySchema, response: s.adpkgSchema }),
  },
  remove: {
    method: 'DELETE',
    path: ADPKG_PATHS.package.pattern,
    access: { page, button: 'delete' },
    audit: 'adpkg.package.delete',
    errors: [404],
    summary: 'Deletes a package; deliveries still on their way are cancelled',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  },
  ...publicationCalls({
    what: 'package',
    fetches: 'every item',
    paths: {
      deliveries: ADPKG_PATHS.deliveries.pattern,
      retry: ADPKG_PATHS.retry.pattern,
      devices: ADPKG_PATHS.devices,
    },
    access: { deliveries: reading, publish: publishing, devices: publishing },
    audit: { publish: 'adpkg.package.publish', retry: 'adpkg.package.retry' },
    publication: (s: Schemas) => s.adpkgPublication,
  }),
});
