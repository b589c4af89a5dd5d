/**
 * Where the object store keeps the bytes of its objects. The `stored_objects` rows, the upload
 * tokens and the checks of what is uploaded stay in the ObjectStore (objects.ts), whatever the
 * backend: a backend only writes, reads and, if it can, signs display URLs.
 */
import type { Readable } from 'node:stream';

/**
 * Bytes written under a name of their own, not yet visible under their path: an upload is checked
 * (md5, image type) only once it has been read to its end, and content that fails must never
 * replace an object already stored under that path.
 */
export interface StagedObject {
  /** Puts the bytes under their path as `contentType`, replacing what was there. */
  commit(contentType: string): Promise<void>;
  /** Forgets the bytes; harmless after a failed or partial write. */
  discard(): Promise<void>;
}

/** Bytes `start` to `end` of an object, both included (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectBackend {
  /** `local` or `s3`, for the start-up line. */
  readonly kind: string;
  /** Writes exactly `size` bytes of `content` under a staging name; rejects when the stream fails. */
  stage(path: string, content: Readable, size: number): Promise<StagedObject>;
  /**
   * The bytes of a stored object, or of a range of it, as a stream; `ObjectMissingError` when
   * there are none.
   */
  read(path: string, range?: ByteRange): Promise<Readable>;
  /**
   * A URL a browser may fetch the object at, signed by the backend itself as of `signedAt` and
   * valid until `expiresAt` (seconds since the epoch); null when the server serves the object and
   * signs the URL (the local backend). The same arguments give the same URL, so browsers cache it.
   * With `download`, the answer is an attachment of that file name. The URL serves range requests
   * (a video seeks by them).
   */
  displayUrl(path: string, signedAt: number, expiresAt: number, download?: string): Promise<string | null>;
  /** The origin of those URLs, for the console's Content-Security-Policy; null for the local one. */
  displayOrigin(): Promise<string | null>;
}

export class ObjectMissingError extends Error {
  override name = 'ObjectMissingError';
}
