import { pathWithId } from './path-with-id.js';

/** Hologram parking (spec §2.3 hologram_parking; issue 32): screen-display schemes of parking sites. */
export const HOLOGRAM_PATHS = {
  /** GET: a page of the company's schemes (list query: name); POST: adds one. */
  schemes: '/v1/media/company/hologram/schemes',
  /** PUT: edits a scheme; DELETE: deletes it. */
  scheme: pathWithId('/v1/media/company/hologram/schemes/:id'),
  /** POST: an upload token of a scheme file `hologram/{companyId}_{md5}.tar` (resumable, in parts). */
  fileToken: '/v1/media/company/hologram/file_token',
  /** GET: a page of the devices a scheme is published to, with their states; POST: publishes it to more. */
  deliveries: pathWithId('/v1/media/company/hologram/schemes/:id/devices'),
  /** POST: publishes a scheme again to those of its devices whose delivery failed. */
  retry: pathWithId('/v1/media/company/hologram/schemes/:id/devices/retry'),
  /** GET: the devices the caller may publish to (list query: sn). */
  devices: '/v1/media/company/hologram/devices',
} as const;

/** Ad packages (spec §2.3 adpkg_management, adpkg_design; issue 32): layouts of a device's screen. */
export const ADPKG_PATHS = {
  /** GET: a page of the company's packages (list query: name); POST: adds one. */
  packages: '/v1/media/company/adpkg/packages',
  /** GET: one package; PUT: edits it; DELETE: deletes it. */
  package: pathWithId('/v1/media/company/adpkg/packages/:id'),
  /** POST: an upload token of an item's file `adpkg/{companyId}_{md5}.{jpg|png|mp4}` (resumable, in parts). */
  fileToken: '/v1/media/company/adpkg/file_token',
  /** GET: a page of the devices a package is published to, with their states; POST: publishes it to more. */
  deliveries: pathWithId('/v1/media/company/adpkg/packages/:id/devices'),
  /** POST: publishes a package again to those of its devices whose delivery failed. */
  retry: pathWithId('/v1/media/company/adpkg/packages/:id/devices/retry'),
  /** GET: the devices the caller may publish to (list query: sn). */
  devices: '/v1/media/company/adpkg/devices',
} as const;
