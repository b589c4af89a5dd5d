/**
 * The local object store (spec §7.2): files under `{DATA_DIR}/objects/{folder}/{file}`, written
 * atomically (a temporary file renamed into place) and recorded in `stored_objects`.
 *
 * Two kinds of signed value, each with a key derived from the JWT secret for its purpose alone:
 * - upload tokens: short-lived, bound to one object name, its size and the caller's company;
 * - display URLs: `<img>` cannot send a bearer header, so user info hands out URLs signed with an
 *   expiry (valid one to two hours, stable within a clock hour so that browsers can cache them).
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { COMPANY_PATHS, type ObjectKind, parseObjectPath } from '@vap/contracts';
import { sql } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { storedObjects } from './schema.js';

export const UPLOAD_TOKEN_TTL_SECONDS = 600;
const URL_BUCKET_SECONDS = 3600;

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

export class ObjectStore {
  readonly root: string;
  readonly #uploadKey: Buffer;
  readonly #urlKey: Buffer;

  constructor(
    private readonly db: Db,
    dataDir: string,
    jwtSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.root = resolve(dataDir, 'objects');
    this.#uploadKey = createHmac('sha256', jwtSecret).update('vap/object-store/upload-token/v1').digest();
    this.#urlKey = createHmac('sha256', jwtSecret).update('vap/object-store/display-url/v1').digest();
  }

  /** The file of a stored path; a path that would leave the store is refused. */
  fileOf(path: string): string {
    if (!parseObjectPath(path)) throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    const file = resolve(this.root, path);
    if (!file.startsWith(this.root + sep))
      throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    return file;
  }

  issueUploadToken(grant: Omit<UploadGrant, 'exp'>): string {
    const exp = Math.floor(this.now() / 1000) + UPLOAD_TOKEN_TTL_SECONDS;
    const payload = base64url(JSON.stringify({ p: grant.path, s: grant.size, c: grant.companyId, e: exp }));
    return `${payload}.${base64url(createHmac('sha256', this.#uploadKey).update(payload).digest())}`;
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

  /** A display URL of a stored path (below /webapi), valid for one to two hours. */
  signedUrl(path: string): string {
    if (!path) return '';
    const exp = (Math.floor(this.now() / 1000 / URL_BUCKET_SECONDS) + 2) * URL_BUCKET_SECONDS;
    return `/webapi${COMPANY_PATHS.objects}/${path}?e=${exp}&s=${this.#urlSignature(path, exp)}`;
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
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await db
      .insert(storedObjects)
      .values({ companyId, path, size: bytes.length, md5: md5Of(bytes), contentType })
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

  read(path: string): Promise<Buffer> {
    return readFile(this.fileOf(path));
  }
}

export interface MultipartForm {
  fields: Map<string, string>;
  files: Map<string, { filename: string; contentType: string; data: Buffer }>;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_PARTS = 8;
const MAX_HEADER_BYTES = 2048;
const MAX_FIELD_BYTES = 1024;

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * Parses a whole `multipart/form-data` body (RFC 7578) held in memory: at most 8 parts, small
 * headers and text fields; anything malformed is a 400. Only what the upload needs, no streaming:
 * the route's body limit bounds the buffer.
 */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
  const malformed = () => new ApiError(400, 'bad_request');
  const delimiter = Buffer.from(`--${boundary}`);
  const form: MultipartForm = { fields: new Map(), files: new Map() };
  let position = body.indexOf(delimiter);
  if (position < 0) throw malformed();
  let parts = 0;
  for (;;) {
    position += delimiter.length;
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return form; // closing `--`
    if (!body.subarray(position, position + 2).equals(CRLF)) throw malformed();
    position += 2;
    if (++parts > MAX_PARTS) throw malformed();
    const headerEnd = body.indexOf(HEADER_END, position);
    if (headerEnd < 0 || headerEnd - position > MAX_HEADER_BYTES) throw malformed();
    const headers = body.subarray(position, headerEnd).toString('utf8').split('\r\n');
    const contentStart = headerEnd + HEADER_END.length;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), contentStart);
    if (next < 0) throw malformed();
    const content = body.subarray(contentStart, next);
    let name: string | undefined;
    let filename: string | undefined;
    let contentType = 'text/plain';
    for (const header of headers) {
      const colon = header.indexOf(':');
      if (colon < 0) throw malformed();
      const key = header.slice(0, colon).trim().toLowerCase();
      const value = header.slice(colon + 1).trim();
      if (key === 'content-disposition') {
        if (!/^form-data(\s*;|$)/i.test(value)) throw malformed();
        name = /;\s*name="([^"]*)"/i.exec(value)?.[1];
        filename = /;\s*filename="([^"]*)"/i.exec(value)?.[1];
      } else if (key === 'content-type') {
        contentType = value;
      }
    }
    if (!name) throw malformed();
    if (form.fields.has(name) || form.files.has(name)) throw malformed();
    if (filename !== undefined) {
      form.files.set(name, { filename, contentType, data: Buffer.from(content) });
    } else {
      if (content.length > MAX_FIELD_BYTES) throw malformed();
      form.fields.set(name, content.toString('utf8'));
    }
    position = next + CRLF.length;
  }
}
