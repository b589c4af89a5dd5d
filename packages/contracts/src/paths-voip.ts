import { pathWithId } from './path-with-id.js';

/**
 * Internet telephony (spec §2.3 voip_*; issue 33): device phones, agent phones, call centers and
 * dial records of the company.
 */
export const VOIP_PATHS = {
  /** GET: where phones register, and whether live status is read. */
  server: '/v1/voip/company/server',
  /** GET: a page of the device phones; POST: adds one. */
  devicePhones: '/v1/voip/company/device_phones',
  /** PUT: edits a device phone; DELETE: deletes it. */
  devicePhone: pathWithId('/v1/voip/company/device_phones/:id'),
  /** POST: a new password of a device phone, answered once. */
  devicePhonePassword: pathWithId('/v1/voip/company/device_phones/:id/password'),
  /** POST: imports device phones from a workbook (multipart), all or nothing. */
  devicePhonesImport: '/v1/voip/company/device_phones/import',
  /** GET: the import's empty workbook. */
  devicePhonesTemplate: '/v1/voip/company/device_phones/import/template',
  /** GET: the devices a device phone may be bound to (list query: sn). */
  devices: '/v1/voip/company/devices',
  /** GET: a page of the agent phones with their call centers; POST: adds one. */
  agentPhones: '/v1/voip/company/agent_phones',
  /** PUT: edits an agent phone; DELETE: deletes it. */
  agentPhone: pathWithId('/v1/voip/company/agent_phones/:id'),
  /** POST: a new password of an agent phone, answered once. */
  agentPhonePassword: pathWithId('/v1/voip/company/agent_phones/:id/password'),
  /** GET: a page of the call centers with their agents; POST: adds one. */
  callCenters: '/v1/voip/company/call_centers',
  /** PUT: edits a call center; DELETE: deletes it. */
  callCenter: pathWithId('/v1/voip/company/call_centers/:id'),
  /** GET: a page of the dial records. */
  dialRecords: '/v1/voip/company/dial_records',
  /** GET: the dial records of a filter as .xlsx. */
  dialRecordsExport: '/v1/voip/company/dial_records/export',
} as const;
