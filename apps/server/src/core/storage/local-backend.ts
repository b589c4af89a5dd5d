/**
 * The default backend: files under `{DATA_DIR}/objects/{folder}/{file}`, written to a temporary
 * name and renamed into place, so that a reader never sees half a file.
 */
import { createHash, randomUUID as newId } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseObjectPath } from '@vap/contracts';
import { ApiError } from '../http/errors.js';
import {
  type AssembledObject,
  type BackendPartUpload,
  type ByteRange,
  type ObjectBackend,
  ObjectMissingError,
  type StagedObject,
} from './backend.js';

/** Where uploads in parts keep their parts, one folder each, beside the objects. */
const UPLOADS = '.uploads';
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class LocalObjectBackend implements ObjectBackend {
  readonly kind = 'local';
  readonly partsThroughServer = true;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'objects');
  }

  /** The file of a stored path; a path that would leave the store is refused. */
  fileOf(path: string): string {
    if (!parseObjectPath(path)) throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    const file = resolve(this.root, path);
    if (!file.startsWith(this.root + sep))
      throw new ApiError(400, 'validation_failed', 'validation.objectPath');
    return file;
  }

  async stage(path: string, content: Readable): Promise<StagedObject> {
    const file = this.fileOf(path);
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${newId()}.tmp`;
    try {
      await pipeline(content, createWriteStream(temporary, { flags: 'wx' }));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return {
      commit: async () => {
        try {
          await rename(temporary, file);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
      },
      discard: () => rm(temporary, { force: true }),
    };
  }

  /** The folder of an upload in parts, which only an id of the backend's own making names. */
  #uploadDir(upload: BackendPartUpload): string {
    if (!UPLOAD_ID.test(upload.id)) throw new ApiError(404, 'not_found');
    return resolve(this.root, UPLOADS, upload.id);
  }

  async startParts(): Promise<BackendPartUpload> {
    const id = newId();
    await mkdir(resolve(this.root, UPLOADS, id), { recursive: true });
    return { id, staging: id };
  }

  async partUrl(): Promise<null> {
    return null;
  }

  async writePart(
    upload: BackendPartUpload,
    number: number,
    content: Readable,
    size: number,
  ): Promise<string> {
    const dir = this.#uploadDir(upload);
    await mkdir(dir, { recursive: true });
    const file = resolve(dir, String(number));
    const temporary = `${file}.${newId()}.tmp`;
    const hash = createHash('md5');
    let written = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        if (written > size) return done(new ApiError(400, 'upload_size_mismatch'));
        hash.update(chunk);
        done(null, chunk);
      },
      flush(done) {
        done(written === size ? null : new ApiError(400, 'upload_size_mismatch'));
      },
    });
    try {
      await pipeline(content, meter, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return `"${hash.digest('hex')}"`;
  }

  async assemble(
    upload: BackendPartUpload,
    parts: readonly { number: number; etag: string }[],
    path: string,
  ): Promise<AssembledObject> {
    const target = this.fileOf(path);
    const dir = this.#uploadDir(upload);
    const assembled = resolve(dir, `assembled.${newId()}`);
    const files: string[] = [];
    for (const part of parts) {
      const file = resolve(dir, String(part.number));
      await stat(file).catch(() => {
        throw new ApiError(409, 'upload_incomplete');
      });
      files.push(file);
    }
    try {
      // The parts one after the other, as one stream, into one file.
      await pipeline(
        async function* () {
          for (const file of files) yield* createReadStream(file);
        },
        createWriteStream(assembled, { flags: 'wx' }),
      );
    } catch (error) {
      await rm(assembled, { force: true });
      throw error;
    }
    return {
      read: async () => createReadStream(assembled),
      commit: async () => {
        await mkdir(dirname(target), { recursive: true });
        await rename(assembled, target);
        await rm(dir, { recursive: true, force: true });
      },
      discard: () => rm(dir, { recursive: true, force: true }),
    };
  }

  async abortParts(upload: BackendPartUpload): Promise<void> {
    await rm(this.#uploadDir(upload), { recursive: true, force: true });
  }

  async read(path: string, range?: ByteRange): Promise<Readable> {
    // Opened first, so that a missing file is known before the answer starts.
    const handle = await open(this.fileOf(path), 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new ObjectMissingError(path) : error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async displayUrl(): Promise<null> {
    return null;
  }

  async displayOrigin(): Promise<null> {
    return null;
  }
}
