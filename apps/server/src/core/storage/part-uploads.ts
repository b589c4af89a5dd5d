/**
 * Uploads of large objects in parts, resumable (issue 32): an upload token's object (spec §7.2,
 * `{kind}/{companyId}_{md5}.{ext}`) goes up in parts of UPLOAD_PART_BYTES, each PUT to a signed URL
 * (the bucket's presigned UploadPart on S3, this server's own on the local backend), and is then
 * assembled. The server records the parts that arrived itself — an S3-compatible store may list
 * none — so that starting the same object again resumes it: the parts done are not sent again.
 * The assembled object is read back as a stream for its md5 (a multipart ETag is no md5) and size,
 * and stored under its name only if they are the name's and the token's.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  COMPANY_PATHS,
  OBJECT_MAX_BYTES,
  type PartUpload,
  parseObjectPath,
  UPLOAD_MAX_PARTS,
  UPLOAD_PART_BYTES,
} from '@vap/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { AssembledObject, BackendPartUpload, ObjectBackend } from './backend.js';
import { IMAGE_HEAD_BYTES, type ObjectStore, type UploadGrant } from './objects.js';
import { objectUploadParts, objectUploads } from './schema.js';

/** How long the part URLs of a start (or resume) are valid. */
export const PART_URL_TTL_SECONDS = 3600;

/** An upload not completed this long after it started is forgotten, its parts with it. */
export const STALE_AFTER_MS = 24 * 3600 * 1000;
const SWEEP_BATCH = 10;

type UploadRow = typeof objectUploads.$inferSelect;

const notFound = () => new ApiError(404, 'not_found');

export class PartUploads {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  private now(): number {
    return this.store.clock();
  }

  get #backend(): ObjectBackend {
    return this.store.backend;
  }

  /** The parts of an upload of `size` bytes. */
  static partCount(size: number): number {
    return Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES));
  }

  /** The bytes of part `number` of an upload. */
  static partSize(row: Pick<UploadRow, 'size' | 'partSize'>, number: number): number {
    const count = Math.max(1, Math.ceil(row.size / row.partSize));
    return number < count ? row.partSize : row.size - row.partSize * (count - 1);
  }

  /**
   * Starts the upload in parts of the grant's object, or resumes the one already started for it
   * (same object, same size): its parts, those done, URLs for the others.
   */
  async start(grant: UploadGrant): Promise<PartUpload> {
    const parts = parseObjectPath(grant.path);
    if (!parts || parts.companyId !== grant.companyId) throw new ApiError(401, 'upload_token_invalid');
    if (grant.size > OBJECT_MAX_BYTES[parts.kind] || PartUploads.partCount(grant.size) > UPLOAD_MAX_PARTS) {
      throw new ApiError(413, 'payload_too_large');
    }
    await this.#sweep();
    let row = await this.#byPath(grant.path);
    if (row && (row.size !== grant.size || row.companyId !== grant.companyId)) {
      // Another size under the same name: that upload cannot be this one's.
      await this.#forget(row);
      row = undefined;
    }
    if (!row) {
      const upload = await this.#backend.startParts();
      const [created] = await this.db
        .insert(objectUploads)
        .values({
          id: randomUUID(),
          companyId: grant.companyId,
          path: grant.path,
          size: grant.size,
          partSize: UPLOAD_PART_BYTES,
          backendId: upload.id,
          staging: upload.staging,
        })
        .onConflictDoNothing()
        .returning();
      if (created) row = created;
      else {
        // Started at the same moment by another request: that one is resumed.
        await this.#backend.abortParts(upload);
        row = await this.#byPath(grant.path);
        if (!row) throw new ApiError(409, 'upload_incomplete');
      }
    }
    const done = await this.#doneParts(row.id);
    const count = PartUploads.partCount(row.size);
    const exp = Math.floor(this.now() / 1000) + PART_URL_TTL_SECONDS;
    const urls: PartUpload['parts'] = [];
    const have = new Set(done.map((part) => part.number));
    for (let number = 1; number <= count; number++) {
      if (have.has(number)) continue;
      const own = await this.#backend.partUrl(this.#backendUpload(row), number, exp);
      urls.push({ number, url: own ?? this.#ownPartUrl(row.id, number, exp) });
    }
    return {
      id: row.id,
      part_size: row.partSize,
      part_count: count,
      done: [...have].sort((a, b) => a - b),
      parts: urls,
    };
  }

  /**
   * The bytes of a part, PUT to this server's signed part URL (the local backend): written, and
   * recorded as done. Answers its ETag.
   */
  async receivePart(
    id: string,
    number: number,
    signature: { e: string; s: string },
    content: Readable,
  ): Promise<string> {
    if (!this.verifyPartUrl(id, number, signature.e, signature.s)) {
      throw new ApiError(401, 'upload_part_invalid');
    }
    const [row] = await this.db.select().from(objectUploads).where(eq(objectUploads.id, id));
    if (!row || number > PartUploads.partCount(row.size) || !this.#backend.partsThroughServer)
      throw notFound();
    const etag = await this.#backend.writePart(
      this.#backendUpload(row),
      number,
      content,
      PartUploads.partSize(row, number),
    );
    await this.#record(row.id, number, etag);
    return etag;
  }

  /**
   * A part the client has sent, with the ETag its PUT answered: recorded (the bucket's parts); a
   * part this server received must be the one it recorded.
   */
  async report(grant: UploadGrant, id: string, number: number, etag: string): Promise<void> {
    const row = await this.#ofGrant(grant, id);
    if (number > PartUploads.partCount(row.size)) throw notFound();
    if (this.#backend.partsThroughServer) {
      const [part] = await this.db
        .select()
        .from(objectUploadParts)
        .where(and(eq(objectUploadParts.uploadId, row.id), eq(objectUploadParts.number, number)));
      if (part?.etag !== etag) throw new ApiError(400, 'upload_part_invalid');
      return;
    }
    await this.#record(row.id, number, etag);
  }

  /**
   * Assembles the parts, reads the result back for its md5 and size, and stores it under the
   * grant's name if they are the name's and the grant's ('upload hash error' otherwise). The upload
   * is over either way, but for missing parts (409 `upload_incomplete`), which may still be sent.
   */
  async complete(grant: UploadGrant, id: string): Promise<void> {
    const row = await this.#ofGrant(grant, id);
    const done = await this.#doneParts(row.id);
    const count = PartUploads.partCount(row.size);
    if (done.length !== count || done.some((part, index) => part.number !== index + 1)) {
      throw new ApiError(409, 'upload_incomplete');
    }
    let assembled: AssembledObject;
    try {
      assembled = await this.#backend.assemble(this.#backendUpload(row), done, row.path);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The store refused the parts (an ETag not its own): they are to be sent again.
      await this.db.delete(objectUploadParts).where(eq(objectUploadParts.uploadId, row.id));
      throw new ApiError(409, 'upload_incomplete');
    }
    // From here the upload is over: what was assembled is checked, then kept or forgotten.
    await this.db.delete(objectUploads).where(eq(objectUploads.id, row.id));
    let checked: { md5: string; size: number; head: Buffer };
    try {
      checked = await measure(await assembled.read());
    } catch (error) {
      await assembled.discard().catch(() => {});
      throw error;
    }
    if (checked.size !== grant.size) {
      await assembled.discard().catch(() => {});
      throw new ApiError(400, 'upload_size_mismatch');
    }
    await this.store.accept(grant, {
      staged: assembled,
      md5: checked.md5,
      head: checked.head,
      discard: () => assembled.discard(),
    });
  }

  /** Forgets an upload and its parts. */
  async cancel(grant: UploadGrant, id: string): Promise<void> {
    await this.#forget(await this.#ofGrant(grant, id));
  }

  verifyPartUrl(id: string, number: number, exp: string | undefined, signature: string | undefined): boolean {
    if (!exp || !signature || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 <= this.now()) return false;
    const expected = Buffer.from(this.#partSignature(id, number, Number(exp)));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  #ownPartUrl(id: string, number: number, exp: number): string {
    const path = COMPANY_PATHS.uploadPart.replace(':id', id).replace(':number', String(number));
    return `/webapi${path}?e=${exp}&s=${this.#partSignature(id, number, exp)}`;
  }

  #partSignature(id: string, number: number, exp: number): string {
    return this.store.partSignature(id, number, exp);
  }

  #backendUpload(row: UploadRow): BackendPartUpload {
    return { id: row.backendId, staging: row.staging };
  }

  async #byPath(path: string): Promise<UploadRow | undefined> {
    const [row] = await this.db.select().from(objectUploads).where(eq(objectUploads.path, path));
    return row;
  }

  /** The upload `id` of the grant's object; another's is not found. */
  async #ofGrant(grant: UploadGrant, id: string): Promise<UploadRow> {
    const [row] = await this.db
      .select()
      .from(objectUploads)
      .where(
        and(
          eq(objectUploads.id, id),
          eq(objectUploads.path, grant.path),
          eq(objectUploads.companyId, grant.companyId),
        ),
      );
    if (!row || row.size !== grant.size) throw notFound();
    return row;
  }

  #doneParts(id: string) {
    return this.db
      .select({ number: objectUploadParts.number, etag: objectUploadParts.etag })
      .from(objectUploadParts)
      .where(eq(objectUploadParts.uploadId, id))
      .orderBy(asc(objectUploadParts.number));
  }

  async #record(uploadId: string, number: number, etag: string) {
    await this.db
      .insert(objectUploadParts)
      .values({ uploadId, number, etag })
      .onConflictDoUpdate({ target: [objectUploadParts.uploadId, objectUploadParts.number], set: { etag } });
  }

  /** Forgets a few uploads left unfinished for longer than STALE_AFTER_MS (a tab closed mid-way). */
  async #sweep() {
    const stale = await this.db
      .select()
      .from(objectUploads)
      .where(lt(objectUploads.createdAt, new Date(this.now() - STALE_AFTER_MS)))
      .limit(SWEEP_BATCH);
    for (const row of stale) await this.#forget(row);
  }

  async #forget(row: UploadRow) {
    await this.db.delete(objectUploads).where(eq(objectUploads.id, row.id));
    await this.#backend.abortParts(this.#backendUpload(row));
  }
}

/** The md5, length and first bytes of a stream, read to its end and kept no further. */
async function measure(stream: Readable): Promise<{ md5: string; size: number; head: Buffer }> {
  const hash = createHash('md5');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
    if (headBytes < IMAGE_HEAD_BYTES) {
      const part = Buffer.from(chunk.subarray(0, IMAGE_HEAD_BYTES - headBytes));
      head.push(part);
      headBytes += part.length;
    }
  }
  return { md5: hash.digest('hex'), size, head: Buffer.concat(head) };
}
