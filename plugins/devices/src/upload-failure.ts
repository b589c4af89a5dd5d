/** What an upload outside the kernel's client (XMLHttpRequest, for its progress) turns a refusal into. */
import { ApiError } from '@vap/kernel';
import { UploadError } from '@vap/ui';

/**
 * A refused upload as the `ApiError` every other call fails with (the server's code and message);
 * a 401 has ended the session, as it would for a call through the kernel's client (spec §8).
 */
export function uploadFailure(error: unknown, expired: () => void): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.status === 401) expired();
  return new ApiError(
    error.status,
    typeof error.code === 'string' ? error.code : 'upload_failed',
    error.message,
  );
}
