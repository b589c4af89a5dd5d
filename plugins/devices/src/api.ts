/** The calls of the device area (DEVICE_PATHS of @vap/contracts), typed by its schemas. */
import {
  API_BASE,
  type BindDeviceBody,
  type BindRecord,
  batchResultSchema,
  bindRecordSchema,
  createdSchema,
  DEVICE_PATHS,
  type Device,
  type DeviceGroups,
  deviceGroupsSchema,
  deviceSchema,
  type EditDeviceBody,
  type GroupBody,
  type ImportFields,
  type ImportFormat,
  type ImportMode,
  type ImportResult,
  importResultSchema,
  type ListPage,
  type ListQuery,
  type Order,
  TERMINAL_PATHS,
  type TerminalTicket,
  terminalTicketSchema,
  type VerifyResult,
  verifyResultSchema,
  type Where,
} from '@vap/contracts';
import { ApiError, type CallOptions, type HttpClient } from '@vap/kernel';
import { type UploadRequestContext, uploadWithProgress } from '@vap/ui';
import { uploadFailure } from './upload-failure.js';

export interface DevicesApi {
  devices(query: ListQuery, options?: CallOptions): Promise<ListPage<Device>>;
  /** Every group of the company, and the ungrouped count for a role that sees every group. */
  groups(options?: CallOptions): Promise<DeviceGroups>;
  createGroup(body: GroupBody): Promise<number>;
  updateGroup(id: number, body: GroupBody): Promise<void>;
  /** Its devices become ungrouped. */
  deleteGroup(id: number): Promise<void>;
  bind(body: BindDeviceBody): Promise<void>;
  edit(id: number, body: EditDeviceBody): Promise<void>;
  unbindOne(id: number): Promise<void>;
  /** Answers how many devices changed. */
  unbind(deviceIds: readonly number[]): Promise<number>;
  move(deviceIds: readonly number[], groupId: number | null): Promise<number>;
  /** The .xlsx of the devices matching the filter, in the table's order. */
  exportDevices(wheres: readonly Where[], orders: readonly Order[]): Promise<Blob>;
  importTemplate(mode: ImportMode, format: ImportFormat): Promise<Blob>;
  /** Multipart upload with progress; a refusal is an `ApiError` with the server's code and message. */
  importDevices(fields: ImportFields, file: File, context: UploadRequestContext): Promise<ImportResult>;
  bindRecords(query: ListQuery, options?: CallOptions): Promise<ListPage<BindRecord>>;
  exportBindRecords(wheres: readonly Where[], orders: readonly Order[]): Promise<Blob>;
  /** Quiet: the page shows the failure (e.g. 429, too many checks) in place. */
  verify(code: string): Promise<VerifyResult>;
  /**
   * A single-use ticket for the device's remote terminal, and the page to open with it. Refused
   * (and announced) on the free plan, for a downstream company's device, an offline device or one
   * whose terminal is already open.
   */
  terminalTicket(deviceId: number): Promise<TerminalTicket>;
}

export interface DevicesApiDeps {
  http: HttpClient;
  /** The bearer token of the session, for the upload that does not go through `http`. */
  token: () => string | null;
  language: () => string;
  /** Called when the upload is refused with 401: the session has expired. */
  expired: () => void;
}

export function createDevicesApi({ http, token, language, expired }: DevicesApiDeps): DevicesApi {
  const importDevices = async (
    { mode, group_id, on_error = 'all' }: ImportFields,
    file: File,
    { onProgress, signal }: UploadRequestContext,
  ): Promise<ImportResult> => {
    const bearer = token();
    const fields: Record<string, string> = { mode, on_error };
    if (group_id !== undefined) fields.group_id = String(group_id);
    let answer: unknown;
    try {
      // fetch cannot report upload progress: the design system's XMLHttpRequest upload, with the
      // headers the kernel's client would send.
      answer = await uploadWithProgress({
        url: `${API_BASE}${DEVICE_PATHS.import}`,
        file,
        fields,
        headers: { 'Accept-Language': language(), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        onProgress,
        signal,
      });
    } catch (error) {
      throw uploadFailure(error, expired);
    }
    const parsed = importResultSchema.safeParse(answer);
    if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
    return parsed.data;
  };

  return {
    devices: (query, options) => http.list(DEVICE_PATHS.devices, query, deviceSchema, options),
    groups: (options) => http.get(DEVICE_PATHS.groups, { ...options, schema: deviceGroupsSchema }),
    createGroup: async (body) => (await http.post(DEVICE_PATHS.groups, body, { schema: createdSchema })).id,
    updateGroup: async (id, body) => {
      await http.put(DEVICE_PATHS.group(id), body);
    },
    deleteGroup: async (id) => {
      await http.delete(DEVICE_PATHS.group(id));
    },
    bind: async (body) => {
      await http.post(DEVICE_PATHS.bind, body);
    },
    edit: async (id, body) => {
      await http.patch(DEVICE_PATHS.device(id), body);
    },
    unbindOne: async (id) => {
      await http.delete(DEVICE_PATHS.device(id));
    },
    unbind: async (deviceIds) =>
      (await http.post(DEVICE_PATHS.unbind, { device_ids: deviceIds }, { schema: batchResultSchema })).count,
    move: async (deviceIds, groupId) =>
      (
        await http.post(
          DEVICE_PATHS.move,
          { device_ids: deviceIds, group_id: groupId },
          { schema: batchResultSchema },
        )
      ).count,
    exportDevices: async (wheres, orders) =>
      (await http.download(DEVICE_PATHS.export, { wheres, orders })).blob,
    importTemplate: async (mode, format) =>
      (await http.download(DEVICE_PATHS.importTemplate, { query: { mode, format } })).blob,
    importDevices,
    bindRecords: (query, options) => http.list(DEVICE_PATHS.bindRecords, query, bindRecordSchema, options),
    exportBindRecords: async (wheres, orders) =>
      (await http.download(DEVICE_PATHS.bindRecordsExport, { wheres, orders })).blob,
    verify: (code) => http.post(DEVICE_PATHS.verify, { code }, { schema: verifyResultSchema, quiet: true }),
    terminalTicket: (deviceId) =>
      http.post(TERMINAL_PATHS.ticket(deviceId), undefined, { schema: terminalTicketSchema }),
  };
}
