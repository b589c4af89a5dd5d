/**
 * The device import's upload (spec §5.4): the one call of the area not sent through the derived
 * client, as fetch cannot report upload progress — the design system's XMLHttpRequest upload, with
 * the headers the kernel's client would send, to DEVICE_CALLS.importDevices' path, its answer
 * parsed by that call's schema.
 */
import { API_BASE, DEVICE_CALLS, type ImportFields, type ImportResult } from '@vap/contracts';
import { ApiError, useKernel } from '@vap/kernel';
import { type UploadRequestContext, uploadWithProgress } from '@vap/ui';
import { uploadFailure } from '../upload-failure.js';

/** Binds a workbook's rows; a refusal is an `ApiError` with the server's code and message. */
export function useImportDevices() {
  const { session, i18n, bus } = useKernel();
  return async (
    { mode, group_id, on_error = 'all' }: ImportFields,
    file: File,
    { onProgress, signal }: UploadRequestContext,
  ): Promise<ImportResult> => {
    const bearer = session.token;
    const fields: Record<string, string> = { mode, on_error };
    if (group_id !== undefined) fields.group_id = String(group_id);
    let answer: unknown;
    try {
      answer = await uploadWithProgress({
        url: `${API_BASE}${DEVICE_CALLS.importDevices.path}`,
        file,
        fields,
        headers: {
          'Accept-Language': i18n.language,
          ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        },
        onProgress,
        signal,
      });
    } catch (error) {
      // An upload refused with 401 ends the session like any other call (spec §8).
      throw uploadFailure(error, () =>
        bus.emit('session.expired', { message: i18n.instance.t('app.authExpired') }),
      );
    }
    const parsed = (await DEVICE_CALLS.importDevices.schemas()).response.safeParse(answer);
    if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
    return parsed.data;
  };
}
