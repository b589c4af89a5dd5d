/** The object store's token upload (spec §7.2), and the text of a failure. */
import {
  COMPANY_CALLS,
  OBJECT_STORE_AUTH_SCHEME,
  type ObjectKind,
  type UploadResult,
  uploadResultSchema,
} from '@vap/contracts';
import { type HttpClient, md5OfBlob, sendCall } from '@vap/kernel';
import { type UploadRequestContext, uploadWithProgress } from '@vap/ui';

function extensionOf(file: File): string {
  const fromName = /\.(jpe?g|png)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (fromName) return fromName;
  return file.type === 'image/png' ? 'png' : 'jpg';
}

/**
 * Spec §7.2: asks a token for `{kind}/{companyId}_{md5}.{ext}` and the file's size, then posts the
 * multipart form (filename, filesize, file) to the answered URL with `Authorization: VAP-OSS {token}`,
 * reporting progress. Resolves with the stored path and a display URL.
 */
export async function uploadObject(
  http: HttpClient,
  language: string,
  file: File,
  kind: ObjectKind,
  companyId: number,
  { onProgress, signal }: UploadRequestContext,
): Promise<UploadResult> {
  const name = `${kind}/${companyId}_${await md5OfBlob(file)}.${extensionOf(file)}`;
  const { token, url } = await sendCall(
    http,
    COMPANY_CALLS.uploadToken,
    { body: { name, size: file.size } },
    { quiet: true },
  );
  const answer = await uploadWithProgress({
    url,
    file,
    fields: { filename: name },
    headers: { Authorization: `${OBJECT_STORE_AUTH_SCHEME} ${token}`, 'Accept-Language': language },
    onProgress,
    signal,
  });
  return uploadResultSchema.parse(answer);
}

/** The text of a failure: the server's message, or the error's own. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
