/**
 * The calls of the resources (spec §2.1 `/sharePage`, `/official`, §2.3 `resource_download`,
 * `resource_management`; issue 32). `resource_download` reads the vendor's resources and the
 * company's own, downloads them (button `download`) and shares them (button `share`: a link valid
 * 1, 3 or 7 days, a resource's links listed and revoked, and the official page's skip-login grants,
 * made, listed and revoked).
 * The share page and the official page call without signing in, by their token. `resource_management`
 * (only with the product flag `rsrc_mgt` on, else 403 product_disabled) uploads, edits and deletes the
 * company's own.
 */

import { declareCalls, rowCalls } from './calls.js';
import { RESOURCE_PATHS } from './paths-resources.js';

const schemas = async () => ({
  ...(await import('./resources.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
  ...(await import('./company.js')),
});

const download = 'resource_download';
const management = 'resource_management';
/** Sharing the company's resources: its links and the official page's grants, made, listed and revoked. */
const sharing = { page: download, button: 'share' } as const;

/** The company's own resources: adding one is an upload (button `upload`). */
const companyResources = rowCalls(schemas, {
  page: management,
  rows: RESOURCE_PATHS.company,
  row: RESOURCE_PATHS.companyResource.pattern,
  buttons: { create: 'upload' },
});

export const RESOURCE_CALLS = declareCalls(schemas, ['resources'], {
  resources: {
    method: 'GET',
    path: RESOURCE_PATHS.resources,
    access: { page: download },
    summary: "A page of the vendor's resources and the company's own, newest first",
    description:
      'wheres (base64 JSON): category =, text like (its name in any language), model like. orders: updated_at, size, downloads.',
    schemas: (s) => s.listSchemas(s.resourceSchema, s.RESOURCE_FILTERS, s.RESOURCE_ORDER_KEYS),
  },
  file: {
    method: 'GET',
    path: RESOURCE_PATHS.file.pattern,
    access: { page: download, button: 'download' },
    errors: [404],
    file: true,
    summary: "A resource's file (the vendor's or the company's own), counted as a download",
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  },
  share: {
    method: 'POST',
    path: RESOURCE_PATHS.links.pattern,
    access: sharing,
    audit: 'resources.link.create',
    errors: [404],
    status: 201,
    summary:
      'A share link of a resource valid 1, 3 or 7 days: its token is answered once (the server keeps only its hash)',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.createShareLinkBodySchema,
      response: s.createdLinkSchema,
    }),
  },
  links: {
    method: 'GET',
    path: RESOURCE_PATHS.links.pattern,
    access: sharing,
    errors: [404],
    summary: "The company's share links of a resource, newest first, with their downloads",
    schemas: (s) => ({ params: s.idParamsSchema, response: s.shareLinksSchema }),
  },
  revokeLink: {
    method: 'DELETE',
    path: RESOURCE_PATHS.link.pattern,
    access: sharing,
    audit: 'resources.link.revoke',
    errors: [404],
    summary: 'Revokes a share link of the company: opening it is then link_invalid',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  },
  officialGrant: {
    method: 'POST',
    path: RESOURCE_PATHS.officialGrants,
    access: sharing,
    audit: 'resources.official.grant',
    status: 201,
    summary:
      "A skip-login grant of the official download page for the company's resources: until midnight today (Asia/Shanghai), or 3 or 7 days",
    schemas: (s) => ({ body: s.createOfficialGrantBodySchema, response: s.createdLinkSchema }),
  },
  officialGrants: {
    method: 'GET',
    path: RESOURCE_PATHS.officialGrants,
    access: sharing,
    summary: "The company's skip-login grants of the official page, newest first, with their downloads",
    schemas: (s) => ({ response: s.officialGrantsSchema }),
  },
  revokeOfficialGrant: {
    method: 'DELETE',
    path: RESOURCE_PATHS.officialGrant.pattern,
    access: sharing,
    audit: 'resources.official.revoke',
    errors: [404],
    summary: 'Revokes a skip-login grant of the company: the official page opened by it is then link_invalid',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  },
  shared: {
    method: 'GET',
    path: RESOURCE_PATHS.shared,
    access: 'public',
    errors: [403],
    summary: 'The resource of a share link, without signing in',
    description: '403 link_expired past its days; 403 link_invalid for a forged, revoked or unknown token.',
    schemas: (s) => ({ params: s.tokenParamsSchema, response: s.sharedResourceSchema }),
  },
  sharedFile: {
    method: 'GET',
    path: RESOURCE_PATHS.sharedFile,
    access: 'public',
    errors: [403, 404],
    file: true,
    summary: "The file of a share link's resource, counted on the link",
    description: '403 link_expired, 403 link_invalid as for the link itself.',
    schemas: (s) => ({ params: s.tokenParamsSchema, response: null }),
  },
  official: {
    method: 'GET',
    path: RESOURCE_PATHS.official,
    access: 'public',
    errors: [403],
    summary: "The official download page's resources by its grant, without signing in",
    description: '403 link_expired past the grant; 403 link_invalid for a forged, revoked or unknown grant.',
    schemas: (s) => ({ params: s.tokenParamsSchema, response: s.officialResourcesSchema }),
  },
  officialFile: {
    method: 'GET',
    path: RESOURCE_PATHS.officialFile,
    access: 'public',
    errors: [403, 404],
    file: true,
    summary: "A resource's file by the official page's grant",
    schemas: (s) => ({ params: s.tokenResourceParamsSchema, response: null }),
  },
  companyResources: companyResources.list({
    summary: "A page of the company's own resources, newest first",
    description:
      'wheres (base64 JSON): category =, text like, model like. orders: updated_at, size, downloads. 403 product_disabled without rsrc_mgt.',
    schemas: (s) => s.listSchemas(s.resourceSchema, s.RESOURCE_FILTERS, s.RESOURCE_ORDER_KEYS),
  }),
  uploadToken: {
    method: 'POST',
    path: RESOURCE_PATHS.companyToken,
    access: { page: management, button: 'upload' },
    errors: [413],
    summary:
      'A 10-minute upload token for resource/{companyId}_{md5}.bin of this size (at most 100 MB), sent to the object store in parts (its url starts the upload)',
    schemas: (s) => ({ body: s.resourceTokenBodySchema, response: s.uploadTokenResultSchema }),
  },
  createResource: companyResources.create({
    audit: 'resources.create',
    status: 201,
    summary:
      "Records an uploaded file as one of the company's resources; 400 resource_not_uploaded when it is not stored",
    schemas: (s) => ({ body: s.createCompanyResourceBodySchema, response: s.resourceSchema }),
  }),
  updateResource: companyResources.update({
    audit: 'resources.update',
    errors: [404],
    summary: "Edits one of the company's own resources (its words, category, version and models)",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.companyResourceBodySchema,
      response: s.resourceSchema,
    }),
  }),
  deleteResource: companyResources.remove({
    audit: 'resources.delete',
    errors: [404],
    summary: "Deletes one of the company's own resources; its share links stop working",
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  }),
});
