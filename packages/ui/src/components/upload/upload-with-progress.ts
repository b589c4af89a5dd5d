/**
 * Uploads one file as multipart form data with XMLHttpRequest, because fetch cannot report
 * upload progress. Spec §7.2: the form carries `filename`, `filesize` and `file`; the caller puts
 * the object store's authorization (scheme and token) in `headers`.
 */

export interface UploadWithProgressOptions {
  url: string;
  file: File;
  /** Extra form fields; `filename` and `filesize` default to the file's name and size. */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** Called with the sent fraction, 0 to 1; the last call is 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A failed upload; `message` is the server's message (empty when it gave none). */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    /** The HTTP status; 0 for a network failure. */
    readonly status: number,
    /** The server's error code, when its body had one. */
    readonly code?: unknown,
  ) {
    super(message);
  }
}

/** An answer's body: its JSON, else its text (a bucket's XML), null when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The failure of an answer that is not a success: the `code` and `message` of its JSON body, if any. */
export function uploadErrorOf(body: unknown, status: number): UploadError {
  const { code, message } =
    body && typeof body === 'object' ? (body as { code?: unknown; message?: unknown }) : {};
  return new UploadError(typeof message === 'string' ? message : '', status, code);
}

/** What an aborted upload rejects with: the signal's reason, else an AbortError. */
export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * Aborts `xhr` with `signal`, and rejects on a network failure (status 0) or an abort. Answers
 * what stops following the signal, for the load handler to call first.
 */
export function rejectOnFailure(
  xhr: XMLHttpRequest,
  signal: AbortSignal | undefined,
  reject: (reason: unknown) => void,
): () => void {
  const onAbort = () => xhr.abort();
  const settle = () => signal?.removeEventListener('abort', onAbort);
  xhr.addEventListener('error', () => {
    settle();
    reject(new UploadError('', 0));
  });
  xhr.addEventListener('abort', () => {
    settle();
    reject(abortReason(signal));
  });
  signal?.addEventListener('abort', onAbort, { once: true });
  return settle;
}

export function uploadWithProgress({
  url,
  file,
  fields = {},
  headers = {},
  onProgress,
  signal,
}: UploadWithProgressOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const { filename = file.name, filesize = String(file.size), ...rest } = fields;
    const form = new FormData();
    form.append('filename', filename);
    form.append('filesize', filesize);
    for (const [name, value] of Object.entries(rest)) form.append(name, value);
    // The file goes last: object stores read the fields before the (large) file part.
    form.append('file', file, file.name);

    const xhr = new XMLHttpRequest();
    let reported = 0;
    const report = (fraction: number) => {
      reported = Math.min(1, Math.max(reported, fraction));
      onProgress?.(reported);
    };
    const settle = rejectOnFailure(xhr, signal, reject);

    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) report(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      settle();
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        if (reported < 1) report(1);
        resolve(body);
        return;
      }
      reject(uploadErrorOf(body, xhr.status));
    });
    xhr.send(form);
  });
}
