/**
 * The two uploads of device tasks, sent with XMLHttpRequest for their progress (fetch cannot report
 * it), so outside the derived client: a firmware package to the object store (its token through
 * TASK_CALLS.firmwareToken), and a white-list workbook to TASK_CALLS.checkWhitelist.
 */
import {
  API_BASE,
  OBJECT_STORE_AUTH_SCHEME,
  pathOf,
  TASK_CALLS,
  uploadResultSchema,
  type WhitelistCheck,
  type WhitelistKind,
  whitelistCheckSchema,
} from '@vap/contracts';
import { ApiError, type HttpClient, sendCall } from '@vap/kernel';
import { type UploadRequestContext, uploadFailure, uploadWithProgress } from '@vap/ui';

export interface TaskUploads {
  /**
   * Sends a package to the object store under `name` (FIRMWARE_PATH_PATTERN, named by its md5):
   * the token, then the multipart upload with progress. Quiet: the dialog shows a failure in place,
   * as an `ApiError` with the server's code and message. Answers the stored path.
   */
  uploadFirmware(name: string, file: File, context: UploadRequestContext): Promise<string>;
  /**
   * Reads a white-list workbook (.xlsx or .csv) on the server, which writes nothing: its entries
   * and refused rows for a list of this kind. Multipart upload with progress, `list` before the
   * file (the server reads the list first: it says what a row must be); a refusal is an `ApiError`
   * with the server's code and message.
   */
  checkWhitelist(list: WhitelistKind, file: File, context: UploadRequestContext): Promise<WhitelistCheck>;
}

export interface TaskUploadsDeps {
  http: HttpClient;
  /** The bearer token of the session, for the white-list check that does not go through `http`. */
  token: () => string | null;
  language: () => string;
  /** Called when an upload is refused with 401: the session has expired. */
  expired: () => void;
}

/** `firmware/{companyId}_{md5}.bin` (FIRMWARE_PATH_PATTERN): the store checks the md5 against the bytes. */
export const firmwareObjectName = (companyId: number, md5: string) => `firmware/${companyId}_${md5}.bin`;

export function createTaskUploads({ http, token, language, expired }: TaskUploadsDeps): TaskUploads {
  /** Posts the form with progress; a refusal becomes an `ApiError`, an answer its schema refuses too. */
  const upload = async <T>(
    options: Parameters<typeof uploadWithProgress>[0],
    parse: (answer: unknown) => { success: true; data: T } | { success: false },
  ): Promise<T> => {
    let answer: unknown;
    try {
      answer = await uploadWithProgress(options);
    } catch (error) {
      throw uploadFailure(error, expired);
    }
    const parsed = parse(answer);
    if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
    return parsed.data;
  };

  return {
    uploadFirmware: async (name, file, { onProgress, signal }) => {
      const { token: grant, url } = await sendCall(
        http,
        TASK_CALLS.firmwareToken,
        { body: { name, size: file.size } },
        { quiet: true, signal },
      );
      // Spec §7.2, as the account's verification images.
      const { path } = await upload(
        {
          url,
          file,
          fields: { filename: name },
          headers: { Authorization: `${OBJECT_STORE_AUTH_SCHEME} ${grant}`, 'Accept-Language': language() },
          onProgress,
          signal,
        },
        (answer) => uploadResultSchema.safeParse(answer),
      );
      return path;
    },
    checkWhitelist: (list, file, { onProgress, signal }) => {
      const bearer = token();
      // As the device import. The fields go before the file.
      return upload(
        {
          url: `${API_BASE}${pathOf(TASK_CALLS.checkWhitelist)}`,
          file,
          fields: { list },
          headers: {
            'Accept-Language': language(),
            ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          },
          onProgress,
          signal,
        },
        (answer) => whitelistCheckSchema.safeParse(answer),
      );
    },
  };
}
