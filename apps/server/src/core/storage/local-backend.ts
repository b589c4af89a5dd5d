/**
 * The default backend: files under `{DATA_DIR}/objects/{folder}/{file}`, written to a temporary
 * name and renamed into place, so that a reader never sees half a file.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseObjectPath } from '@vap/contracts';
import { ApiError } from '../http/errors.js';
import { type ByteRange, type ObjectBackend, ObjectMissingError, type StagedObject } from './backend.js';

export class LocalObjectBackend implements ObjectBackend {
  readonly kind = 'local';
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
    const temporary = `${file}.${randomUUID()}.tmp`;
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
