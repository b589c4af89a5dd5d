/**
 * The calls of the device tasks, firmware packages, configuration templates and white-list checks
 * (TASK_PATHS of @vap/contracts), typed by its schemas.
 */
import {
  API_BASE,
  type ConfigTemplate,
  type ConfigTemplateBody,
  type CreateConfigurationTaskBody,
  type CreateFirmwareBody,
  type CreateUpgradeTaskBody,
  type CreateWhitelistTaskBody,
  configTemplateSchema,
  type Firmware,
  firmwareSchema,
  type ListPage,
  type ListQuery,
  OBJECT_STORE_AUTH_SCHEME,
  TASK_PATHS,
  type Task,
  type TaskJob,
  taskJobSchema,
  taskSchema,
  uploadResultSchema,
  uploadTokenResultSchema,
  type WhitelistCheck,
  type WhitelistKind,
  whitelistCheckSchema,
} from '@vap/contracts';
import { ApiError, type CallOptions, type HttpClient } from '@vap/kernel';
import { type UploadRequestContext, uploadWithProgress } from '@vap/ui';
import { uploadFailure } from './upload-failure.js';

/** A call of a live view, asked again every few seconds: spec §8, its failures are only logged. */
export type PollOptions = CallOptions & { quiet?: boolean };

export interface TasksApi {
  /** The company's firmware packages, newest first. */
  firmware(options?: CallOptions): Promise<Firmware[]>;
  /**
   * Sends a package to the object store under `name` (FIRMWARE_PATH_PATTERN, named by its md5):
   * the token, then the multipart upload with progress. Quiet: the dialog shows a failure in place,
   * as an `ApiError` with the server's code and message. Answers the stored path.
   */
  uploadFirmware(name: string, file: File, context: UploadRequestContext): Promise<string>;
  /** Records an uploaded package with its model, version and release notes. */
  createFirmware(body: CreateFirmwareBody): Promise<Firmware>;
  deleteFirmware(id: number): Promise<void>;
  tasks(query: ListQuery, options?: PollOptions): Promise<ListPage<Task>>;
  task(id: number, options?: PollOptions): Promise<Task>;
  jobs(id: number, query: ListQuery, options?: PollOptions): Promise<ListPage<TaskJob>>;
  /** The .xlsx of every job of the task, made by the server. */
  exportJobs(id: number): Promise<Blob>;
  upgrade(body: CreateUpgradeTaskBody): Promise<Task>;
  /** The company's configuration templates, by name. */
  configTemplates(options?: CallOptions): Promise<ConfigTemplate[]>;
  /** Refused with 409 `template_name_taken` when another template has the name. */
  createConfigTemplate(body: ConfigTemplateBody): Promise<ConfigTemplate>;
  updateConfigTemplate(id: number, body: ConfigTemplateBody): Promise<ConfigTemplate>;
  /** Tasks keep what they applied. */
  deleteConfigTemplate(id: number): Promise<void>;
  /** A template applied to the target's devices (of the template's model, when it has one). */
  configure(body: CreateConfigurationTaskBody): Promise<Task>;
  /**
   * Reads a white-list workbook (.xlsx or .csv) on the server, which writes nothing: its entries
   * and refused rows for a list of this kind. Multipart upload with progress, `list` before the
   * file (the server reads the list first: it says what a row must be); a refusal is an `ApiError`
   * with the server's code and message.
   */
  checkWhitelist(list: WhitelistKind, file: File, context: UploadRequestContext): Promise<WhitelistCheck>;
  /** Pushes checked entries to the target's devices. */
  whitelist(body: CreateWhitelistTaskBody): Promise<Task>;
  /** The failed jobs of these devices start again; every failed job when none are given. */
  retry(id: number, deviceIds?: readonly number[]): Promise<Task>;
  cancel(id: number): Promise<Task>;
}

export interface TasksApiDeps {
  http: HttpClient;
  /** The bearer token of the session, for the white-list check that does not go through `http`. */
  token: () => string | null;
  language: () => string;
  /** Called when an upload is refused with 401: the session has expired. */
  expired: () => void;
}

/** `firmware/{companyId}_{md5}.bin` (FIRMWARE_PATH_PATTERN): the store checks the md5 against the bytes. */
export const firmwareObjectName = (companyId: number, md5: string) => `firmware/${companyId}_${md5}.bin`;

export function createTasksApi({ http, token, language, expired }: TasksApiDeps): TasksApi {
  const uploadFirmware = async (
    name: string,
    file: File,
    { onProgress, signal }: UploadRequestContext,
  ): Promise<string> => {
    const { token, url } = await http.post(
      TASK_PATHS.firmwareToken,
      { name, size: file.size },
      { schema: uploadTokenResultSchema, quiet: true, signal },
    );
    let answer: unknown;
    try {
      // Spec §7.2, as the account's verification images: fetch cannot report upload progress.
      answer = await uploadWithProgress({
        url,
        file,
        fields: { filename: name },
        headers: { Authorization: `${OBJECT_STORE_AUTH_SCHEME} ${token}`, 'Accept-Language': language() },
        onProgress,
        signal,
      });
    } catch (error) {
      throw uploadFailure(error, expired);
    }
    const parsed = uploadResultSchema.safeParse(answer);
    if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
    return parsed.data.path;
  };

  const checkWhitelist = async (
    list: WhitelistKind,
    file: File,
    { onProgress, signal }: UploadRequestContext,
  ): Promise<WhitelistCheck> => {
    const bearer = token();
    let answer: unknown;
    try {
      // As the device import: fetch cannot report upload progress. The fields go before the file.
      answer = await uploadWithProgress({
        url: `${API_BASE}${TASK_PATHS.whitelistCheck}`,
        file,
        fields: { list },
        headers: { 'Accept-Language': language(), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
        onProgress,
        signal,
      });
    } catch (error) {
      throw uploadFailure(error, expired);
    }
    const parsed = whitelistCheckSchema.safeParse(answer);
    if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
    return parsed.data;
  };

  return {
    firmware: async (options) => {
      const answer = await http.get<{ items?: unknown }>(TASK_PATHS.firmware, options);
      const parsed = firmwareSchema.array().safeParse(answer?.items);
      if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
      return parsed.data;
    },
    uploadFirmware,
    createFirmware: (body) => http.post(TASK_PATHS.firmware, body, { schema: firmwareSchema }),
    deleteFirmware: async (id) => {
      await http.delete(TASK_PATHS.firmwareItem(id));
    },
    tasks: (query, options) => http.list(TASK_PATHS.tasks, query, taskSchema, options),
    task: (id, options) => http.get(TASK_PATHS.task(id), { ...options, schema: taskSchema }),
    jobs: (id, query, options) => http.list(TASK_PATHS.jobs(id), query, taskJobSchema, options),
    exportJobs: async (id) => (await http.download(TASK_PATHS.jobsExport(id))).blob,
    upgrade: (body) => http.post(TASK_PATHS.upgrade, body, { schema: taskSchema }),
    configTemplates: async (options) => {
      const answer = await http.get<{ items?: unknown }>(TASK_PATHS.configTemplates, options);
      const parsed = configTemplateSchema.array().safeParse(answer?.items);
      if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
      return parsed.data;
    },
    createConfigTemplate: (body) =>
      http.post(TASK_PATHS.configTemplates, body, { schema: configTemplateSchema }),
    updateConfigTemplate: (id, body) =>
      http.put(TASK_PATHS.configTemplate(id), body, { schema: configTemplateSchema }),
    deleteConfigTemplate: async (id) => {
      await http.delete(TASK_PATHS.configTemplate(id));
    },
    configure: (body) => http.post(TASK_PATHS.configuration, body, { schema: taskSchema }),
    checkWhitelist,
    whitelist: (body) => http.post(TASK_PATHS.whitelist, body, { schema: taskSchema }),
    retry: (id, deviceIds) =>
      http.post(TASK_PATHS.retry(id), deviceIds ? { device_ids: deviceIds } : {}, { schema: taskSchema }),
    cancel: (id) => http.post(TASK_PATHS.cancel(id), undefined, { schema: taskSchema }),
  };
}
