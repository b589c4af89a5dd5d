import type { UploadTokenResult } from '@vap/contracts';
import { md5OfBlob, useLanguage, useSession } from '@vap/kernel';
import { type UploadItem, type UploadRequestContext, uploadFailure, uploadInParts } from '@vap/ui';
import { useCallback } from 'react';

/** `hologram/{companyId}_{md5}.tar`: the object store checks the md5 against the assembled bytes. */
export const schemeObjectName = (companyId: number, md5: string) => `hologram/${companyId}_${md5}.tar`;

/** `adpkg/{companyId}_{md5}.{jpg|png|mp4}`: an ad package item's object name, by the file's type. */
export const adpkgObjectName = (companyId: number, md5: string, file: File) => {
  const lower = file.name.toLowerCase();
  const extension =
    file.type === 'video/mp4' || lower.endsWith('.mp4')
      ? 'mp4'
      : file.type === 'image/png' || lower.endsWith('.png')
        ? 'png'
        : 'jpg';
  return `adpkg/${companyId}_${md5}.${extension}`;
};

/** Asks the page's token call for an upload of this object. */
export type GrantUpload = (
  input: { body: { name: string; size: number } },
  options: { quiet: true; signal: AbortSignal },
) => Promise<UploadTokenResult>;

/**
 * Sends a file to the object store in parts (issue 32, @vap/ui `uploadInParts`): its md5 computed
 * here, chunk by chunk, to name it (`nameOf`); a token of the page's call (`grant`); the parts the
 * server already has are not sent again, so sending the same file after a failure resumes it.
 * Aborting the signal cancels. Answers the stored object's name; a refusal is an `ApiError` with
 * the server's code and message ('upload hash error', …).
 */
export function useObjectUpload(
  nameOf: (companyId: number, md5: string, file: File) => string,
  grant: GrantUpload,
): (file: File, context: UploadRequestContext) => Promise<string> {
  const { user } = useSession();
  const language = useLanguage();
  const companyId = user?.company?.id ?? 0;
  return useCallback(
    async (file, { onProgress, signal }) => {
      const name = nameOf(companyId, await md5OfBlob(file), file);
      try {
        const { path } = await uploadInParts({
          file,
          grant: () => grant({ body: { name, size: file.size } }, { quiet: true, signal }),
          headers: { 'Accept-Language': language },
          onProgress,
          signal,
        });
        return path;
      } catch (error) {
        throw uploadFailure(error);
      }
    },
    [nameOf, grant, companyId, language],
  );
}

/** Whether a file field's upload is still under way (chosen and waiting, or being sent). */
export const uploadPending = (uploads: readonly UploadItem<string>[]) =>
  uploads.some((upload) => upload.status === 'uploading' || upload.status === 'pending');

/** The object a file field has now: the finished upload, else the one it had (unless being replaced). */
export const objectOf = (uploads: readonly UploadItem<string>[], had: string | undefined) =>
  uploads.find((upload) => upload.status === 'done')?.result ?? (uploads.length === 0 ? had : undefined);
