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

/** The assembled bytes of an upload in parts, staged as an upload is: readable, to be checked first. */
export interface AssembledObject extends StagedObject {
  /** The assembled bytes, as a stream. */
  read(): Promise<Readable>;
}

/** An upload in parts as the backend knows it. */
export interface BackendPartUpload {
  /** The backend's name of the upload (an S3 UploadId; a local folder). */
  id: string;
  /** Where its parts are assembled (an S3 staging key; the local folder again). */
  staging: string;
}

/**
 * Uploads in parts (resumable): the parts of one upload are written apart and assembled once all
 * have arrived. Which have arrived is recorded by the ObjectStore, not asked of the backend.
 */
export interface PartsBackend {
  /** Whether the parts come through this server (`writePart`) rather than to URLs of the backend's. */
  readonly partsThroughServer: boolean;
  startParts(): Promise<BackendPartUpload>;
  /**
   * A URL that takes a part's bytes by PUT and answers its ETag, signed by the backend until
   * `expiresAt` (seconds since the epoch); null when the server takes the part itself (`writePart`).
   */
  partUrl(upload: BackendPartUpload, number: number, expiresAt: number): Promise<string | null>;
  /** Writes exactly `size` bytes of a part, replacing one sent before; answers its ETag. */
  writePart(upload: BackendPartUpload, number: number, content: Readable, size: number): Promise<string>;
  /** Assembles the parts, in order, into an object staged for `path`; committing it forgets the upload. */
  assemble(
    upload: BackendPartUpload,
    parts: readonly { number: number; etag: string }[],
    path: string,
  ): Promise<AssembledObject>;
  /** Forgets an upload and its parts, as far as the backend can; harmless when it is gone. */
  abortParts(upload: BackendPartUpload): Promise<void>;
}

export interface ObjectBackend extends PartsBackend {
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
