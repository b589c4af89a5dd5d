/**
 * A call's upload outside the kernel's client: XMLHttpRequest, for its progress (fetch has none),
 * sent and failing as the client's calls are.
 */
import { type AnyCall, API_BASE, type CallOutput, pathOf } from '@vap/contracts';
import { ApiError, useKernel } from '@vap/kernel';
import type { UploadRequestContext } from './upload-types.js';
import { UploadError, uploadWithProgress } from './upload-with-progress.js';

/**
 * A refused upload as the `ApiError` every other call fails with (the server's code and message).
 * For an upload that carried the session's token, `expired` ends the session on a 401, as it would
 * for a call through the kernel's client (spec §8); the object store's 401 is no session's.
 */
export function uploadFailure(error: unknown, expired?: () => void): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.status === 401) expired?.();
  return new ApiError(
    error.status,
    typeof error.code === 'string' ? error.code : 'upload_failed',
    error.message,
  );
}

/**
 * Sends a file with form fields to a call of no path parameters, with its progress, and the headers
 * the kernel's client would send (the session's token, the language); its answer is parsed by the
 * call's schema. A refusal is an `ApiError` with the server's code and message.
 */
export function useCallUpload<C extends AnyCall>(call: C) {
  const { session, i18n, bus } = useKernel();
  return async (
    file: File,
    fields: Record<string, string>,
    { onProgress, signal }: UploadRequestContext,
  ): Promise<CallOutput<C>> => {
    const bearer = session.token;
    let answer: unknown;
    try {
      answer = await uploadWithProgress({
        url: `${API_BASE}${pathOf(call)}`,
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
      throw uploadFailure(error, () =>
        bus.emit('session.expired', { message: i18n.instance.t('app.authExpired') }),
      );
    }
    const parsed = (await call.schemas()).response.safeParse(answer);
    if (!parsed.success) throw new ApiError(200, 'invalid_response', '');
    return parsed.data;
  };
}
