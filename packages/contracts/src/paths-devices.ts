import { pathWithId } from './path-with-id.js';

/** The open device manager's call (spec §2.1 /open-pages/device-manager): public, the link signs it. */
export const DEVICE_MANAGER_PATHS = {
  /** GET: a page of the link's access key's devices, read-only. */
  devices: '/v1/open/device_manager/devices',
} as const;

/**
 * The device area (pages device_maintenance, device_bind_record, device_verify; prefix
 * /v1/dms/company). Lists take the list query of spec §3; devices are limited to the caller's groups.
 */
export const DEVICE_PATHS = {
  /** GET: a page of the company's and its downstream companies' devices. */
  devices: '/v1/dms/company/devices',
  /** GET: one device; PATCH: rename (and remark); DELETE: unbind. */
  device: pathWithId('/v1/dms/company/devices/:id'),
  /** POST: bind one device (by serial and device code, or as a GB28181 device). */
  bind: '/v1/dms/company/devices/bind',
  /** POST: move the selected devices into a group or out of every group. */
  move: '/v1/dms/company/devices/move',
  /** POST: unbind the selected devices. */
  unbind: '/v1/dms/company/devices/unbind',
  /** GET: the devices of the filter as .xlsx (wheres/orders as the list). */
  export: '/v1/dms/company/devices/export',
  /** POST (multipart): bind the rows of a workbook (.xlsx or .csv). */
  import: '/v1/dms/company/devices/import',
  /** GET ?mode=&format=: the empty workbook of an import mode. */
  importTemplate: '/v1/dms/company/devices/import/template',
  /** POST: is this serial or device code a genuine unit, and where does it stand. */
  verify: '/v1/dms/company/devices/verify',
  /** GET: every group of the company (`{ items, ungrouped }`); POST: create one. */
  groups: '/v1/dms/company/groups',
  /** PUT: rename or change the maximum; DELETE: delete (its devices become ungrouped). */
  group: pathWithId('/v1/dms/company/groups/:id'),
  /** GET: a page of binding records. */
  bindRecords: '/v1/dms/company/bind_records',
  /** GET: the binding records of the filter as .xlsx. */
  bindRecordsExport: '/v1/dms/company/bind_records/export',
  /** GET: the devices online and offline now and over the last day (the dashboard's card). */
  summary: '/v1/dms/company/devices/summary',
} as const;

/** Device tasks and firmware packages of page device_maintenance (spec §1, §3 Task; issue 16). */
export const TASK_PATHS = {
  /** GET: a page of the company's tasks, newest first. */
  tasks: '/v1/dms/company/tasks',
  /** GET: one task. */
  task: pathWithId('/v1/dms/company/tasks/:id'),
  /** GET: a page of a task's jobs, one per device. */
  jobs: pathWithId('/v1/dms/company/tasks/:id/jobs'),
  /** GET: a task's jobs as .xlsx. */
  jobsExport: pathWithId('/v1/dms/company/tasks/:id/jobs/export'),
  /** POST: the failed jobs (of some devices, or all) start again. */
  retry: pathWithId('/v1/dms/company/tasks/:id/retry'),
  /** POST: the jobs not started fail `cancelled`; started ones run to their end. */
  cancel: pathWithId('/v1/dms/company/tasks/:id/cancel'),
  /** POST: a firmware upgrade task. */
  upgrade: '/v1/dms/company/tasks/firmware_upgrade',
  /** POST: a configuration task (a template applied to devices). */
  configuration: '/v1/dms/company/tasks/configuration',
  /** POST: a white-list task (checked entries pushed to devices). */
  whitelist: '/v1/dms/company/tasks/whitelist',
  /** POST (multipart file, list): a white-list workbook's entries and its refused rows, by row number. */
  whitelistCheck: '/v1/dms/company/tasks/whitelist/check',
  /** GET: the company's configuration templates; POST: create one. */
  configTemplates: '/v1/dms/company/config_templates',
  /** PUT: change a template; DELETE: delete it (tasks keep what they applied). */
  configTemplate: pathWithId('/v1/dms/company/config_templates/:id'),
  /** GET: the company's firmware packages; POST: record an uploaded one. */
  firmware: '/v1/dms/company/firmware',
  /** DELETE: a package no task uses any more. */
  firmwareItem: pathWithId('/v1/dms/company/firmware/:id'),
  /** POST: an upload token for a package (the object store's token flow, spec §7.2). */
  firmwareToken: '/v1/dms/company/firmware/token',
  /** GET: tasks running, and ended failed or completed lately (the dashboard's card). */
  summary: '/v1/dms/company/tasks/summary',
} as const;

/** The remote terminal (spec §2.1 /telnet). */
export const TERMINAL_PATHS = {
  /** POST: a single-use ticket for a device's terminal (the page's `telnet` button). */
  ticket: pathWithId('/v1/dms/company/devices/:id/telnet'),
} as const;

/** The WebSocket of a terminal page, `?ticket=…` (below /webapi, not a route of the API's router). */
export const TERMINAL_SOCKET_PATH = '/webapi/v1/dms/telnet';

/** The console's terminal page. */
export const TERMINAL_PAGE_PATH = '/telnet';
