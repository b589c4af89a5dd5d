/**
 * The object store (spec §7.2): objects kept by a backend (backend.ts: files under
 * `{DATA_DIR}/objects`, or an S3 bucket), each recorded in `stored_objects`.
 *
 * Two kinds of signed value, each with a key derived from the server secret for its purpose alone:
 * - upload tokens: short-lived, bound to one object name, its size and the caller's company;
 * - display URLs: `<img>` cannot send a bearer header, so user info hands out URLs signed with an
 *   expiry (valid one to two hours, stable within a clock hour so that browsers can cache them).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { BINARY_OBJECT_KINDS, COMPANY_PATHS, type ObjectKind, parseObjectPath } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { ByteRange, ObjectBackend, StagedObject } from './backend.js';
import { storedObjects } from './schema.js';

export const UPLOAD_TOKEN_TTL_SECONDS = 600;
const URL_BUCKET_SECONDS = 3600;
/**
 * How much of an upload is kept to read its image header (a JPEG's frame may follow its EXIF and
 * colour-profile segments); the rest streams through to the backend unkept.
 */
export const IMAGE_HEAD_BYTES = 256 * 1024;

export interface UploadGrant {
  path: string;
  size: number;
  companyId: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The file name a download URL may give its object (the `dl` of a signed URL). */
export const DOWNLOAD_NAME = /^[\w.-]{1,80}$/;

/** An MP4 (ISO base media file) by its first box: `ftyp`. */
export const isMp4 = (bytes: Buffer) =>
  bytes.length >= 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';

/** The format of a jpeg or png by its first bytes. */
function magicTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * The content type of a jpeg or png whose structure reads as one: the first bytes name the
 * format, and its header (a PNG's IHDR, a JPEG's frame) gives that format and a width and height.
 * Null for anything else, such as PNG's magic bytes followed by a script.
 */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  const type = magicTypeOf(bytes);
  if (!type) return null;
  try {
    const size = imageSize(bytes);
    const read = size.type === 'png' ? 'image/png' : size.type === 'jpg' ? 'image/jpeg' : null;
    return read === type && size.width > 0 && size.height > 0 ? type : null;
  } catch {
    return null;
  }
}

export const extensionMatches = (extension: string, type: 'image/png' | 'image/jpeg') =>
  type === 'image/png' ? extension === 'png' : extension === 'jpg' || extension === 'jpeg';

export const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** An upload's file, streamed into a staging object; what is known of it once read to its end. */
export interface ReceivedUpload {
  staged: StagedObject;
  md5: string;
  /** Its first IMAGE_HEAD_BYTES bytes. */
  head: Buffer;
  discard(): Promise<void>;
}

export class ObjectStore {
  readonly #uploadKey: Buffer;
  readonly #urlKey: Buffer;
  readonly #partKey: Buffer;

  constructor(
    private readonly db: Db,
    readonly backend: ObjectBackend,
    serverSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#uploadKey = createHmac('sha256', serverSecret).update('vap/object-store/upload-token/v1').digest();
    this.#urlKey = createHmac('sha256', serverSecret).update('vap/object-store/display-url/v1').digest();
    this.#partKey = createHmac('sha256', serverSecret).update('vap/object-store/part-url/v1').digest();
  }

  /** The clock the store signs by. */
  clock(): number {
    return this.now();
  }

  /** The signature of this server's URL of one part of an upload in parts (part-uploads.ts). */
  partSignature(id: string, number: number, exp: number): string {
    return base64url(createHmac('sha256', this.#partKey).update(`${id}\n${number}\n${exp}`).digest()).slice(
      0,
      32,
    );
  }

  issueUploadToken(grant: Omit<UploadGrant, 'exp'>): string {
    const exp = Math.floor(this.now() / 1000) + UPLOAD_TOKEN_TTL_SECONDS;
    const payload = base64url(JSON.stringify({ p: grant.path, s: grant.size, c: grant.companyId, e: exp }));
    return `${payload}.${base64url(createHmac('sha256', this.#uploadKey).update(payload).digest())}`;
  }

  /**
   * An upload token of `body.name`, a file of `kind` of the company: 400 `validation.objectPath`
   * when it names no file of that kind, 403 when it is another company's.
   */
  issueCompanyUploadToken(kind: ObjectKind, companyId: number, body: { name: string; size: number }): string {
    const parts = parseObjectPath(body.name);
    if (parts?.kind !== kind) throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    if (parts.companyId !== companyId) throw new ApiError(403, 'forbidden');
    return this.issueUploadToken({ path: body.name, size: body.size, companyId });
  }

  /** The grant of a valid, unexpired upload token, or a 401 `upload_token_invalid`. */
  verifyUploadToken(token: string): UploadGrant {
    const invalid = new ApiError(401, 'upload_token_invalid');
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) throw invalid;
    const expected = base64url(createHmac('sha256', this.#uploadKey).update(payload).digest());
    if (!safeEqual(signature, expected)) throw invalid;
    let grant: unknown;
    try {
      grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid;
    }
    const { p, s, c, e } = (grant ?? {}) as Record<string, unknown>;
    if (typeof p !== 'string' || typeof s !== 'number' || typeof c !== 'number' || typeof e !== 'number') {
      throw invalid;
    }
    if (e * 1000 <= this.now()) throw invalid;
    if (!parseObjectPath(p)) throw invalid;
    return { path: p, size: s, companyId: c, exp: e };
  }

  /**
   * A display URL of a stored path, valid for one to two hours: the backend's own (a presigned
   * bucket URL), or one below /webapi that this server signs and serves.
   */
  async signedUrl(path: string, download?: string): Promise<string> {
    if (!path) return '';
    const signedAt = Math.floor(this.now() / 1000 / URL_BUCKET_SECONDS) * URL_BUCKET_SECONDS;
    const exp = signedAt + 2 * URL_BUCKET_SECONDS;
    if (download !== undefined && !DOWNLOAD_NAME.test(download))
      throw new Error(`bad download name ${download}`);
    const own = await this.backend.displayUrl(path, signedAt, exp, download);
    const attachment = download === undefined ? '' : `&dl=${download}`;
    return (
      own ??
      `/webapi${COMPANY_PATHS.objects}/${path}?e=${exp}&s=${this.#urlSignature(path, exp)}${attachment}`
    );
  }

  verifyUrl(path: string, exp: string | undefined, signature: string | undefined): boolean {
    if (!exp || !signature || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 <= this.now()) return false;
    return safeEqual(signature, this.#urlSignature(path, Number(exp)));
  }

  #urlSignature(path: string, exp: number): string {
    return base64url(createHmac('sha256', this.#urlKey).update(`${path}\n${exp}`).digest()).slice(0, 32);
  }

  /** Writes the bytes under `path` atomically and records them; the same content twice is one row. */
  async put(
    path: string,
    bytes: Buffer,
    contentType: string,
    companyId: number,
    /** The transaction to record it in, if any. */
    db: Pick<Db, 'insert'> = this.db,
  ): Promise<void> {
    const staged = await this.backend.stage(path, Readable.from([bytes]), bytes.length);
    await this.#commit(path, staged, { size: bytes.length, md5: md5Of(bytes), contentType, companyId }, db);
  }

  /**
   * Streams the file of an upload into a staging object, measuring it on the way: its md5, its
   * first bytes, and its size, which must be the grant's (more or fewer bytes fail the stream with
   * `upload_size_mismatch`, so that the backend never stores a body of another length).
   */
  async receive(grant: UploadGrant, file: Readable): Promise<ReceivedUpload> {
    const hash = createHash('md5');
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    let refusal: ApiError | undefined;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > grant.size) {
          refusal = new ApiError(400, 'upload_size_mismatch');
          done(refusal);
          return;
        }
        hash.update(chunk);
        if (headBytes < IMAGE_HEAD_BYTES) {
          const part = Buffer.from(chunk.subarray(0, IMAGE_HEAD_BYTES - headBytes));
          head.push(part);
          headBytes += part.length;
        }
        done(null, chunk);
      },
      flush(done) {
        if (size !== grant.size) refusal = new ApiError(400, 'upload_size_mismatch');
        done(refusal);
      },
    });
    file.on('error', (error) => meter.destroy(error));
    // The backend may start reading later (after making a folder); an error before then is still
    // its to meet, as the stream's `errored`, and the caller's, as `refusal`: not an uncaught one.
    meter.on('error', () => {});
    file.pipe(meter);
    let staged: StagedObject;
    try {
      staged = await this.backend.stage(grant.path, meter, grant.size);
    } catch (error) {
      file.resume();
      throw refusal ?? error;
    }
    return { staged, md5: hash.digest('hex'), head: Buffer.concat(head), discard: () => staged.discard() };
  }

  /**
   * Puts a received upload in place and records it, if its content is what its name says: the md5
   * in the name, and for an image a JPEG or PNG of the name's extension (a firmware package is
   * bytes of any kind, a recording an MP4). Otherwise it is discarded and nothing is kept.
   */
  async accept(grant: UploadGrant, upload: ReceivedUpload): Promise<void> {
    const parts = parseObjectPath(grant.path);
    const binary = parts && BINARY_OBJECT_KINDS.includes(parts.kind);
    // A recording, or an ad package's video (its movie read by the package that names it).
    const video = parts?.kind === 'recording' || (parts?.kind === 'adpkg' && parts.extension === 'mp4');
    const image = binary || video || parts?.kind === 'hologram' ? null : imageTypeOf(upload.head);
    // A firmware package or a resource's file is bytes of any kind; a hologram scheme file is read as
    // an archive by the scheme that names it (modules/hologram); a video must be an MP4.
    const type = binary
      ? 'application/octet-stream'
      : parts?.kind === 'hologram'
        ? 'application/x-tar'
        : video
          ? isMp4(upload.head)
            ? 'video/mp4'
            : null
          : image;
    const refusal = !parts
      ? new ApiError(401, 'upload_token_invalid')
      : upload.md5 !== parts.md5
        ? new ApiError(400, 'upload_hash_error')
        : !type || (image && !extensionMatches(parts.extension, image))
          ? new ApiError(400, 'upload_type_invalid')
          : null;
    if (refusal || !type) {
      await upload.discard();
      throw refusal;
    }
    await this.#commit(
      grant.path,
      upload.staged,
      { size: grant.size, md5: upload.md5, contentType: type, companyId: grant.companyId },
      this.db,
    );
  }

  async #commit(
    path: string,
    staged: StagedObject,
    record: { size: number; md5: string; contentType: string; companyId: number },
    db: Pick<Db, 'insert'>,
  ) {
    try {
      await staged.commit(record.contentType);
    } catch (error) {
      await staged.discard().catch(() => {});
      throw error;
    }
    await db
      .insert(storedObjects)
      .values({ path, ...record })
      .onConflictDoUpdate({
        target: storedObjects.path,
        set: { size: sql`excluded.size`, md5: sql`excluded.md5`, contentType: sql`excluded.content_type` },
      });
  }

  /** The record of a stored object, if any. */
  async find(path: string) {
    const [row] = await this.db.select().from(storedObjects).where(sql`${storedObjects.path} = ${path}`);
    return row;
  }

  /** Whether `path` is a stored object of this company, in the folder of `kind`. */
  async isStored(path: string, companyId: number, kind: ObjectKind): Promise<boolean> {
    const parts = parseObjectPath(path);
    if (!parts || parts.kind !== kind || parts.companyId !== companyId) return false;
    const row = await this.find(path);
    return row?.companyId === companyId;
  }

  /** The bytes of a stored object, or a range of them; `ObjectMissingError` when the backend has none. */
  read(path: string, range?: ByteRange): Promise<Readable> {
    return this.backend.read(path, range);
  }
}
