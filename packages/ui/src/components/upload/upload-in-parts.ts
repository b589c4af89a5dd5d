/**
 * Uploads a large file in parts, resumably (issue 32; the object store's `startPartUpload` and
 * following calls): the server answers the parts it still needs with a signed URL each (the
 * bucket's own on S3), each part is PUT there with XMLHttpRequest for its progress, and reported
 * with the ETag it was answered; the server then assembles the object and checks the md5 of its
 * name. Calling it again for the same object after a failure (a dropped connection) resumes: the
 * server remembers the finished parts and asks only for the others. Aborting the signal cancels:
 * the upload and its parts are forgotten.
 *
 * The object name, with the file's md5, is the caller's (spec §7.2, `md5OfBlob` of the kernel), as
 * is the upload token (the kind's token call). On S3 the bucket's CORS rule must expose `ETag`.
 */
import { API_BASE, COMPANY_CALLS, OBJECT_STORE_AUTH_SCHEME, pathOf } from '@vap/contracts';
import {
  abortReason,
  parseBody,
  rejectOnFailure,
  UploadError,
  uploadErrorOf,
} from './upload-with-progress.js';

export interface UploadInPartsOptions {
  file: Blob;
  /**
   * An upload token of the object (the kind's token call): asked at the start, and again when the
   * server says it has expired.
   */
  grant: () => Promise<{ token: string }>;
  /** Extra headers of the calls (`Accept-Language`). */
  headers?: Record<string, string>;
  /** Called with the stored fraction, 0 to 1, parts done before included. */
  onProgress?: (fraction: number) => void;
  /** Aborting it cancels the upload: its parts are forgotten by the server. */
  signal?: AbortSignal;
  /** Parts sent at the same time. */
  concurrency?: number;
}

interface PartUploadAnswer {
  id: string;
  part_size: number;
  part_count: number;
  done: number[];
  parts: { number: number; url: string }[];
}

async function failureOf(response: Response): Promise<UploadError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: no code.
  }
  return uploadErrorOf(body, response.status);
}

/** PUTs one part's bytes with progress; answers the ETag of the answer. */
function putPart(url: string, bytes: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    const settle = rejectOnFailure(xhr, signal, reject);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded));
    xhr.addEventListener('load', () => {
      settle();
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) {
        resolve(etag);
        return;
      }
      // A bucket's XML, or nothing, has no code.
      reject(uploadErrorOf(parseBody(xhr.responseText), xhr.status));
    });
    xhr.send(bytes);
  });
}

/** Sends the file in parts and stores it; answers the stored path and a URL to display it. */
export async function uploadInParts({
  file,
  grant,
  headers = {},
  onProgress,
  signal,
  concurrency = 2,
}: UploadInPartsOptions): Promise<{ path: string; url: string }> {
  if (signal?.aborted) throw abortReason(signal);
  // The parts' requests stop with the caller's signal; ours also when one part fails.
  const inner = new AbortController();
  const stop = () => inner.abort(abortReason(signal));
  signal?.addEventListener('abort', stop, { once: true });
  let token = (await grant()).token;
  let upload: PartUploadAnswer | undefined;

  /** A call of the object store with the upload token; asks a new token once when it has expired. */
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${API_BASE}${path}`, {
          method,
          headers: {
            ...headers,
            Authorization: `${OBJECT_STORE_AUTH_SCHEME} ${token}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          // A cancel's own call must go out after the signal has aborted.
          ...(method === 'DELETE' ? {} : { signal: inner.signal }),
        });
      } catch (error) {
        if (inner.signal.aborted) throw abortReason(signal);
        throw error instanceof UploadError ? error : new UploadError('', 0);
      }
      if (response.status === 401 && attempt === 0) {
        token = (await grant()).token;
        continue;
      }
      if (!response.ok) throw await failureOf(response);
      return response;
    }
  };

  try {
    upload = (await (await call('POST', pathOf(COMPANY_CALLS.startPartUpload))).json()) as PartUploadAnswer;
    const { id, part_size: partSize } = upload;
    const sizeOf = (number: number) => Math.min(partSize, file.size - (number - 1) * partSize);
    let stored = upload.done.reduce((sum, number) => sum + sizeOf(number), 0);
    const sending = new Map<number, number>();
    const report = () => {
      if (!onProgress || file.size === 0) return;
      let inFlight = 0;
      for (const loaded of sending.values()) inFlight += loaded;
      onProgress(Math.min(1, (stored + inFlight) / file.size));
    };
    report();
    const queue = [...upload.parts];
    const worker = async () => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        const { number, url } = part;
        const bytes = file.slice((number - 1) * partSize, (number - 1) * partSize + sizeOf(number));
        sending.set(number, 0);
        const etag = await putPart(
          url,
          bytes,
          (loaded) => {
            sending.set(number, Math.min(loaded, bytes.size));
            report();
          },
          inner.signal,
        );
        await call('POST', pathOf(COMPANY_CALLS.reportUploadPart, { id, number }), { etag });
        sending.delete(number);
        stored += bytes.size;
        report();
      }
    };
    const workers = Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker);
    // The first failure stops the others: the parts done so far stay done for a resume.
    await Promise.all(
      workers.map((running) =>
        running.catch((error: unknown) => {
          inner.abort(error);
          throw error;
        }),
      ),
    );
    const completed = await call('POST', pathOf(COMPANY_CALLS.completePartUpload, { id }));
    const result = (await completed.json()) as { path: string; url: string };
    onProgress?.(1);
    return result;
  } catch (error) {
    if (signal?.aborted) {
      // Cancelled: the server forgets the upload (best effort; a stale one expires anyway).
      if (upload) {
        await call('DELETE', pathOf(COMPANY_CALLS.cancelPartUpload, { id: upload.id })).catch(() => {});
      }
      throw abortReason(signal);
    }
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
