import { HOLOGRAM_CALLS } from '@vap/contracts';
import { ApiError, md5OfBlob, useClient, useLanguage, useSession } from '@vap/kernel';
import { UploadError, type UploadRequestContext, uploadInParts } from '@vap/ui';
import { useCallback } from 'react';

/** `hologram/{companyId}_{md5}.tar`: the object store checks the md5 against the assembled bytes. */
export const schemeObjectName = (companyId: number, md5: string) => `hologram/${companyId}_${md5}.tar`;

/**
 * Sends a scheme file to the object store in parts (issue 32, @vap/ui `uploadInParts`): its md5
 * computed here, chunk by chunk, to name it; a token of the page's `fileToken` call; the parts the
 * server already has are not sent again, so sending the same file after a failure resumes it.
 * Aborting the signal cancels. Answers the stored object's name; a refusal is an `ApiError` with
 * the server's code and message ('upload hash error', …).
 */
export function useSchemeUpload(): (file: File, context: UploadRequestContext) => Promise<string> {
  const hologram = useClient(HOLOGRAM_CALLS);
  const { user } = useSession();
  const language = useLanguage();
  const companyId = user?.company?.id ?? 0;
  return useCallback(
    async (file, { onProgress, signal }) => {
      const name = schemeObjectName(companyId, await md5OfBlob(file));
      try {
        const { path } = await uploadInParts({
          file,
          grant: () => hologram.fileToken({ body: { name, size: file.size } }, { quiet: true, signal }),
          headers: { 'Accept-Language': language },
          onProgress,
          signal,
        });
        return path;
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        throw new ApiError(
          error.status,
          typeof error.code === 'string' ? error.code : 'upload_failed',
          error.message,
        );
      }
    },
    [hologram, companyId, language],
  );
}
