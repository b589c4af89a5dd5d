import { pathWithId } from './path-with-id.js';

/** The resources (spec §2.3 `resource_download`, `resource_management`, §2.1 `/sharePage`, `/official`). */
export const RESOURCE_PATHS = {
  /** GET: a page of the vendor's resources and the company's own (list query). */
  resources: '/v1/resources',
  /** GET: a resource's file, counted. */
  file: pathWithId('/v1/resources/:id/file'),
  /** GET: a resource's share links; POST: a new one. */
  links: pathWithId('/v1/resources/:id/links'),
  /** DELETE: revokes a share link. */
  link: pathWithId('/v1/resources/links/:id'),
  /** GET: the company's skip-login grants of the official page; POST: a new one. */
  officialGrants: '/v1/resources/official_grants',
  /** DELETE: revokes a skip-login grant. */
  officialGrant: pathWithId('/v1/resources/official_grants/:id'),
  /** GET (public): a share link's resource. */
  shared: '/v1/resources/shared/:token',
  /** GET (public): a share link's file. */
  sharedFile: '/v1/resources/shared/:token/file',
  /** GET (public): the official page's resources by its grant. */
  official: '/v1/resources/official/:token',
  /** GET (public): a file by the official page's grant. */
  officialFile: '/v1/resources/official/:token/:id/file',
  /** GET: a page of the company's own resources; POST: records an uploaded one. */
  company: '/v1/resources/company',
  /** POST: the upload token of a resource's file. */
  companyToken: '/v1/resources/company/token',
  /** PUT, DELETE: one of the company's own resources. */
  companyResource: pathWithId('/v1/resources/company/:id'),
} as const;
