/**
 * The calls of internet telephony (spec §2.3 voip_*; issue 33), each behind its page and the
 * catalogue's buttons: voip_device_phone (add, edit, delete, import), voip_agent_phone (add, edit,
 * delete), voip_call_center (add, edit, delete) and voip_dial_record (export). Resetting a
 * password edits the extension. Every call needs the company's product flag `voip` on (0), else 403
 * product_disabled.
 */

import { declareCalls, exportOf, rowCalls, xlsxExportSchemas } from './calls.js';
import { LOG_EXPORT_MAX_ROWS } from './constants.js';
import { VOIP_PATHS } from './paths-voip.js';

const schemas = async () => ({
  ...(await import('./voip.js')),
  ...(await import('./ids.js')),
  ...(await import('./list.js')),
  xlsxFile: (await import('./file-answers.js')).xlsxFileSchema,
});

type Schemas = Awaited<ReturnType<typeof schemas>>;

const devicePhone = 'voip_device_phone' as const;
const agentPhone = 'voip_agent_phone' as const;
const callCenter = 'voip_call_center' as const;
const dialRecord = 'voip_dial_record' as const;

const devicePhones = rowCalls(schemas, {
  page: devicePhone,
  rows: VOIP_PATHS.devicePhones,
  row: VOIP_PATHS.devicePhone.pattern,
});
const agentPhones = rowCalls(schemas, {
  page: agentPhone,
  rows: VOIP_PATHS.agentPhones,
  row: VOIP_PATHS.agentPhone.pattern,
});
const callCenters = rowCalls(schemas, {
  page: callCenter,
  rows: VOIP_PATHS.callCenters,
  row: VOIP_PATHS.callCenter.pattern,
});

const dialRecords = {
  method: 'GET',
  path: VOIP_PATHS.dialRecords,
  access: { page: dialRecord },
  summary: "A page of the company's dial records, newest first",
  description:
    'wheres (base64 JSON): started_at between, >=, <=; extension = (caller, callee or agent); call_center_id =; result =. orders: started_at, duration.',
  schemas: (s: Schemas) =>
    s.listSchemas(s.voipDialRecordSchema, s.VOIP_DIAL_RECORD_FILTERS, s.VOIP_DIAL_RECORD_ORDER_KEYS),
} as const;

export const VOIP_CALLS = declareCalls(schemas, ['voip'], {
  server: {
    method: 'GET',
    path: VOIP_PATHS.server,
    access: {
      anyOf: [{ page: devicePhone }, { page: agentPhone }, { page: callCenter }, { page: dialRecord }],
    },
    summary:
      "Where the company's phones register (SIP_SERVER), its SIP domain, and whether the extensions' status is read live",
    schemas: (s) => ({ response: s.voipServerSchema }),
  },
  devicePhones: devicePhones.list({
    summary:
      "A page of the device phones of the caller's devices (by group permission), with their registration's status, IP and UA",
    description: 'wheres (base64 JSON): dial_id, display_name, device_sn like. orders: created_at, dial_id.',
    schemas: (s) =>
      s.listSchemas(s.voipExtensionSchema, s.VOIP_EXTENSION_FILTERS, s.VOIP_EXTENSION_ORDER_KEYS),
  }),
  devices: {
    method: 'GET',
    path: VOIP_PATHS.devices,
    access: { page: devicePhone },
    summary:
      "A page of the devices a device phone may be bound to: the company's, within the caller's groups",
    description: 'wheres (base64 JSON): sn like.',
    schemas: (s) => s.listSchemas(s.voipDeviceSchema, s.VOIP_DEVICE_FILTERS),
  },
  createDevicePhone: devicePhones.create({
    audit: 'voip.extension.create',
    status: 201,
    errors: [404, 409],
    summary:
      'Adds a device phone bound to a device by serial; its password (given, or made up) is answered this once',
    description: '409 voip_dial_id_taken when an extension or a call center of the company has the dial id.',
    schemas: (s) => ({ body: s.voipDevicePhoneFormSchema, response: s.voipCredentialsSchema }),
  }),
  updateDevicePhone: devicePhones.update({
    audit: 'voip.extension.update',
    errors: [404],
    summary: "Edits a device phone's device and display name",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.voipDevicePhoneEditSchema,
      response: s.voipExtensionSchema,
    }),
  }),
  resetDevicePhonePassword: {
    method: 'POST',
    path: VOIP_PATHS.devicePhonePassword.pattern,
    access: { page: devicePhone, button: 'edit' },
    audit: 'voip.extension.password',
    errors: [404],
    summary: "Sets a device phone's password (given, or made up), answered this once",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.voipPasswordResetSchema,
      response: s.voipCredentialsSchema,
    }),
  },
  deleteDevicePhone: devicePhones.remove({
    audit: 'voip.extension.delete',
    errors: [404],
    summary: 'Deletes a device phone: it can no longer register',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  }),
  importTemplate: {
    method: 'GET',
    path: VOIP_PATHS.devicePhonesTemplate,
    access: { page: devicePhone, button: 'import' },
    file: true,
    summary: "The device-phone import's empty workbook (dial_id, device_sn, display_name, password)",
    schemas: (s) => ({ response: null, also: { 200: s.xlsxFile } }),
  },
  // Multipart form data read as it arrives: no body schema, so the 400 of a bad form is declared.
  importDevicePhones: {
    method: 'POST',
    path: VOIP_PATHS.devicePhonesImport,
    access: { page: devicePhone, button: 'import' },
    audit: 'voip.extension.import',
    errors: [400, 413, 415, 429],
    consumes: ['multipart/form-data'],
    summary:
      'Adds the device phones of a workbook (.xlsx or .csv, multipart: file), all or nothing: with any bad row nothing is added and every bad row is answered with its row and reason',
    description:
      'Reasons: missing, dial_id_format, password_format, display_name_format, device_unknown, dial_id_taken, duplicate. An empty sheet is 400 no_device.',
    schemas: (s) => ({ response: s.voipImportResultSchema }),
  },
  agentPhones: {
    method: 'GET',
    path: VOIP_PATHS.agentPhones,
    // The call center form picks its agents from this list.
    access: { anyOf: [{ page: agentPhone }, { page: callCenter }] },
    summary: 'A page of the agent phones with their call centers and their registration’s status, IP and UA',
    description: 'wheres (base64 JSON): dial_id, display_name like. orders: created_at, dial_id.',
    schemas: (s) =>
      s.listSchemas(s.voipExtensionSchema, s.VOIP_EXTENSION_FILTERS, s.VOIP_EXTENSION_ORDER_KEYS),
  },
  createAgentPhone: agentPhones.create({
    audit: 'voip.extension.create',
    status: 201,
    errors: [409],
    summary: 'Adds an agent phone; its password (given, or made up) is answered this once',
    description: '409 voip_dial_id_taken when an extension or a call center of the company has the dial id.',
    schemas: (s) => ({ body: s.voipAgentPhoneFormSchema, response: s.voipCredentialsSchema }),
  }),
  updateAgentPhone: agentPhones.update({
    audit: 'voip.extension.update',
    errors: [404],
    summary: "Edits an agent phone's display name",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.voipAgentPhoneEditSchema,
      response: s.voipExtensionSchema,
    }),
  }),
  resetAgentPhonePassword: {
    method: 'POST',
    path: VOIP_PATHS.agentPhonePassword.pattern,
    access: { page: agentPhone, button: 'edit' },
    audit: 'voip.extension.password',
    errors: [404],
    summary: "Sets an agent phone's password (given, or made up), answered this once",
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.voipPasswordResetSchema,
      response: s.voipCredentialsSchema,
    }),
  },
  deleteAgentPhone: agentPhones.remove({
    audit: 'voip.extension.delete',
    errors: [404],
    summary: 'Deletes an agent phone: it leaves its call centers and can no longer register',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  }),
  callCenters: {
    method: 'GET',
    path: VOIP_PATHS.callCenters,
    access: { anyOf: [{ page: callCenter }, { page: dialRecord }] },
    summary: "A page of the company's call centers with their agents in ringing order",
    description: 'wheres (base64 JSON): dial_id, name like. orders: created_at, dial_id, name.',
    schemas: (s) =>
      s.listSchemas(s.voipCallCenterSchema, s.VOIP_CALL_CENTER_FILTERS, s.VOIP_CALL_CENTER_ORDER_KEYS),
  },
  createCallCenter: callCenters.create({
    audit: 'voip.call_center.create',
    status: 201,
    errors: [409],
    summary: 'Adds a call center with its agents in ringing order',
    description:
      '409 voip_dial_id_taken when an extension or a call center of the company has the dial id; 400 voip_agent_unknown for an agent that is not an agent phone of the company.',
    schemas: (s) => ({ body: s.voipCallCenterFormSchema, response: s.voipCallCenterSchema }),
  }),
  updateCallCenter: callCenters.update({
    audit: 'voip.call_center.update',
    errors: [404, 409],
    summary: 'Edits a call center and its agents in ringing order',
    schemas: (s) => ({
      params: s.idParamsSchema,
      body: s.voipCallCenterFormSchema,
      response: s.voipCallCenterSchema,
    }),
  }),
  deleteCallCenter: callCenters.remove({
    audit: 'voip.call_center.delete',
    errors: [404],
    summary: 'Deletes a call center; its dial records keep its dial id',
    schemas: (s) => ({ params: s.idParamsSchema, response: null }),
  }),
  dialRecords,
  exportDialRecords: exportOf(dialRecords, {
    path: VOIP_PATHS.dialRecordsExport,
    summary: `The dial records of a filter (wheres/orders as the list) as .xlsx, refused beyond ${LOG_EXPORT_MAX_ROWS} rows (400 log_export_too_many_rows)`,
    schemas: xlsxExportSchemas,
  }),
});
