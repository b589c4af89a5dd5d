/**
 * A firmware package fetched as a unit would: streamed over HTTP(S) into its flash, its md5
 * computed on the way, never held whole in memory. The URL is the server's own, signed in its query,
 * so nothing more is sent with it.
 */
import { createHash } from 'node:crypto';

/** Why a job ended `failed`: its report's `reason` code and `message`. */
export class JobFailure extends Error {
  constructor(
    readonly reason: string,
    message?: string,
  ) {
    super(message ?? reason);
  }
}

export interface DownloadOptions {
  /** The package's announced size: more than this is refused (a unit's flash is no larger). */
  size: number;
  /** Aborts the download; its reason (a JobFailure) is what download() then throws. */
  signal: AbortSignal;
  /** No byte for this long and the download is given up. */
  idleMs: number;
  /** Bytes received so far, after each chunk. */
  onBytes(received: number): void;
}

/** The package's md5 (hex) and length; throws a JobFailure `download_failed` or the abort's reason. */
export async function download(
  url: string,
  { size, signal, idleMs, onBytes }: DownloadOptions,
): Promise<{ md5: string; bytes: number }> {
  const stalled = new AbortController();
  const both = AbortSignal.any([signal, stalled.signal]);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const awake = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => stalled.abort(new JobFailure('download_failed', `no data for ${idleMs / 1000} s`)),
      idleMs,
    );
  };
  const failure = (error: unknown) => {
    if (both.aborted) return both.reason instanceof JobFailure ? both.reason : new JobFailure('interrupted');
    if (error instanceof JobFailure) return error;
    // fetch() says only "fetch failed"; its cause names the network error (ECONNREFUSED, …).
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return new JobFailure('download_failed', cause?.message || cause?.code || (error as Error).message);
  };

  awake();
  try {
    const response = await fetch(url, { signal: both });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new JobFailure('download_failed', `HTTP ${response.status}`);
    }
    const hash = createHash('md5');
    const reader = response.body.getReader();
    let bytes = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        awake();
        bytes += value.byteLength;
        if (bytes > size) throw new JobFailure('download_failed', `larger than its size, ${size} bytes`);
        hash.update(value);
        onBytes(bytes);
        if (both.aborted) throw both.reason;
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
    return { md5: hash.digest('hex'), bytes };
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(idle);
  }
}
