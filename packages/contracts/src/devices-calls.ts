/**
 * The calls of the devices area (spec §7.5): the devices of page device_maintenance (the list and
 * one device need the page; binding, editing, unbinding and moving their button; list, detail,
 * bind, rename and unbind are part of the open API, limited to the access key's groups), their
 * groups (the writes need button `group`), the import and export spreadsheets (buttons `import`,
 * `export`), the binding records (page device_bind_record) and the verification of a unit (page
 * device_verify, button `verify`). The dashboard card's summary is SUMMARY_CALLS.devices.
 */

import { declareCalls, exportOf, rowCalls, xlsxExportSchemas } from './calls.js';
import { DEVICE_EXPORT_MAX_ROWS, LOG_EXPORT_MAX_ROWS } from './constants.js';
import { DEVICE_PATHS } from './paths-devices.js';

const schemas = async () => {
  const [devices, files, list] = await Promise.all([
    import('./devices.js'),
    import('./file-answers.js'),
    import('./list.js'),
  ]);
  return {
    ...devices,
    ...list,
    // The bytes of a file answer, named in the OpenAPI document by what they are.
    xlsxFile: files.xlsxFileSchema,
    templateFile: files.xlsxFileSchema.describe('.xlsx or .csv'),
  };
};

type Schemas = Awaited<ReturnType<typeof schemas>>;

const maintenance = 'device_maintenance';

/** The device groups: their writes need the page's `group` button. */
const groups = rowCalls(schemas, {
  page: maintenance,
  rows: DEVICE_PATHS.groups,
  row: DEVICE_PATHS.group.pattern,
  buttons: 'group',
});

/**
 * The devices: unbinding one needs the page's `unbind` button. Binding (by serial) and editing (a
 * PATCH) are declared with their own paths and buttons.
 */
const deviceRows = rowCalls(schemas, {
  page: maintenance,
  rows: DEVICE_PATHS.devices,
  row: DEVICE_PATHS.device.pattern,
  buttons: { remove: 'unbind' },
});

/** The device list, whose export has its page and filter. */
const devices = deviceRows.list({
  openApi: true,
  summary:
    "The devices of the caller's company and its downstream companies (read-only), by group permission",
  description:
    'wheres (base64 JSON): sn = or like, name like, model = or in, group_id = or in (0: ungrouped), status =, ' +
    'network_mode =, firmware_version = or like, company_id =. orders: sn, name, model, firmware_version, ' +
    'status, last_online_at, bound_at (default bound_at desc).',
  schemas: (s) => s.listSchemas(s.deviceSchema, s.DEVICE_FILTERS, s.DEVICE_ORDER_KEYS),
});

/** The binding records, whose export has their page and filter. */
const bindRecords = {
  method: 'GET',
  path: DEVICE_PATHS.bindRecords,
  access: { page: 'device_bind_record' },
  summary: "The binding records of the caller's company, by the group permission of each device",
  description:
    'wheres (base64 JSON): sn = or like, action =, source =, operator_id =, created_at >=, <= or between. ' +
    'orders: created_at, sn, action (default created_at desc).',
  schemas: (s: Schemas) => s.listSchemas(s.bindRecordSchema, s.BIND_RECORD_FILTERS, s.BIND_RECORD_ORDER_KEYS),
} as const;

export const DEVICE_CALLS = declareCalls(schemas, ['devices'], {
  devices,
  device: deviceRows.get({
    openApi: true,
    errors: [404],
    summary: 'One device the caller may see',
    schemas: (s) => ({ params: s.deviceIdParamsSchema, response: s.deviceSchema }),
  }),
  bind: {
    method: 'POST',
    path: DEVICE_PATHS.bind,
    access: { page: maintenance, button: 'bind' },
    openApi: true,
    audit: 'device.bind',
    errors: [404, 409],
    summary: 'Binds a unit by serial and device code, or as a GB28181 device, into a group or none',
    schemas: (s) => ({ body: s.bindDeviceBodySchema, response: s.deviceSchema }),
  },
  edit: {
    method: 'PATCH',
    path: DEVICE_PATHS.device.pattern,
    access: { page: maintenance, button: 'edit' },
    openApi: true,
    audit: 'device.update',
    errors: [404],
    summary: "Renames a device of the caller's company and changes its remark",
    schemas: (s) => ({
      params: s.deviceIdParamsSchema,
      body: s.editDeviceBodySchema,
      response: s.deviceSchema,
    }),
  },
  unbindOne: deviceRows.remove({
    openApi: true,
    audit: 'device.unbind',
    errors: [404],
    summary: "Unbinds a device of the caller's company: the unit returns to the factory pool",
    schemas: (s) => ({ params: s.deviceIdParamsSchema, response: null }),
  }),
  unbind: {
    method: 'POST',
    path: DEVICE_PATHS.unbind,
    access: { page: maintenance, button: 'unbind' },
    audit: 'device.unbind',
    errors: [404],
    summary: "Unbinds the selected devices of the caller's company, all or none",
    schemas: (s) => ({ body: s.unbindDevicesBodySchema, response: s.batchResultSchema }),
  },
  move: {
    method: 'POST',
    path: DEVICE_PATHS.move,
    access: { page: maintenance, button: 'move' },
    audit: 'device.move',
    errors: [404, 409],
    summary: 'Moves the selected devices into a group (or out of every group), all or none',
    schemas: (s) => ({ body: s.moveDevicesBodySchema, response: s.batchResultSchema }),
  },
  importTemplate: {
    method: 'GET',
    path: DEVICE_PATHS.importTemplate,
    access: { page: maintenance, button: 'import' },
    file: true,
    summary:
      'The empty workbook of an import mode (template: name, gb28181_id, password, remark; plain: sn, username, password, remark)',
    schemas: (s) => ({ query: s.importTemplateQuerySchema, response: null, also: { 200: s.templateFile } }),
  },
  // Multipart form data read as it arrives (the server's own parsing): no body schema, so the 400
  // of a bad form is declared.
  importDevices: {
    method: 'POST',
    path: DEVICE_PATHS.import,
    access: { page: maintenance, button: 'import' },
    audit: 'device.import',
    errors: [400, 404, 413, 415],
    consumes: ['multipart/form-data'],
    summary: 'Bind the rows of a workbook (.xlsx or .csv, multipart: mode, group_id, on_error, then file)',
    description:
      'Each failing row is reported with its row number and bindTemplateError: 0 missing, 1 format, ' +
      "2 unknown to the factory, 3 bound, 4 repeated in the file, 5 past the group's maximum. on_error " +
      "'all' binds nothing when a row fails; 'valid' binds the valid rows. An empty sheet is 400 no_device.",
    schemas: (s) => ({ response: s.importResultSchema }),
  },
  exportDevices: exportOf(devices, {
    path: DEVICE_PATHS.export,
    summary: `The devices of a filter (wheres/orders as the list) as .xlsx, at most ${DEVICE_EXPORT_MAX_ROWS} rows`,
    schemas: xlsxExportSchemas,
  }),
  groups: groups.list({
    summary: 'The groups the caller sees, with their device counts, and the ungrouped count',
    schemas: (s) => ({ response: s.deviceGroupsSchema }),
  }),
  createGroup: groups.create({
    audit: 'device_group.create',
    errors: [404, 409],
    summary: 'Creates a group (needs all-group access)',
    schemas: (s) => ({ body: s.groupBodySchema, response: s.deviceGroupSchema }),
  }),
  updateGroup: groups.update({
    audit: 'device_group.update',
    errors: [404, 409],
    summary: 'Renames a group or changes its maximum (never below its devices)',
    schemas: (s) => ({
      params: s.deviceIdParamsSchema,
      body: s.groupBodySchema,
      response: s.deviceGroupSchema,
    }),
  }),
  deleteGroup: groups.remove({
    audit: 'device_group.delete',
    errors: [404, 409],
    summary: 'Deletes a group; its devices become ungrouped (needs all-group access)',
    schemas: (s) => ({ params: s.deviceIdParamsSchema, response: null }),
  }),
  bindRecords,
  exportBindRecords: exportOf(bindRecords, {
    path: DEVICE_PATHS.bindRecordsExport,
    summary: `The binding records of a filter (wheres/orders as the list) as .xlsx, refused beyond ${LOG_EXPORT_MAX_ROWS} rows`,
    schemas: xlsxExportSchemas,
  }),
  // Quiet in the console: the page shows a refusal (429, too many checks) in place.
  verify: {
    method: 'POST',
    path: DEVICE_PATHS.verify,
    access: { page: 'device_verify', button: 'verify' },
    errors: [429],
    summary: 'Whether a serial or device code is a genuine unit, and whether it can be bound',
    schemas: (s) => ({ body: s.verifyDeviceBodySchema, response: s.verifyResultSchema }),
  },
});
