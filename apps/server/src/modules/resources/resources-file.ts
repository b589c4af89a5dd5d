/**
 * The operator's resources file (`npm run ops -- resources:load <file>`, docs/operations.md): a
 * JSON list of `resourceInputSchema` rows, each naming its file relative to the list. The list is
 * bounded before it is parsed (its size, its nesting, its row count) and refused whole when it
 * fails a bound or is no JSON list; each row is then checked on its own — its fields, its code
 * given once, its file readable and at most RESOURCE_MAX_BYTES — and a bad row is reported while
 * the good ones are loaded.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  RESOURCE_MAX_BYTES,
  RESOURCES_FILE_MAX_ROWS,
  resourceFileNameSchema,
  resourceInputSchema,
} from '@vap/contracts';
import { type RefusedRow, readListFile, refusedRow, schemaProblems } from '../../core/list-file.js';
import type { ObjectBackend } from '../../core/storage/backend.js';
import type { VendorResourceRow } from './catalogue.js';

/** The largest list read, in bytes: hundreds of rows of a few kB each, far below. */
export const RESOURCES_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** A list refused whole: nothing of it is loaded. */
export class ResourcesFileError extends Error {}

const RESOURCES_FILE_BOUNDS = {
  maxBytes: RESOURCES_FILE_MAX_BYTES,
  maxRows: RESOURCES_FILE_MAX_ROWS,
  noun: 'resources',
  refuse: (message: string) => new ResourcesFileError(message),
};

/** A checked row and the file it publishes (not yet stored). */
export interface CheckedRow {
  row: Omit<VendorResourceRow, 'path' | 'md5'>;
  file: string;
}

/** Reads and checks a resources file; a ResourcesFileError when it is refused whole. */
export async function readResourcesFile(
  path: string,
): Promise<{ rows: CheckedRow[]; refused: RefusedRow[] }> {
  const list = await readListFile(path, RESOURCES_FILE_BOUNDS);
  const rows: CheckedRow[] = [];
  const refused: RefusedRow[] = [];
  const firstOf = new Map<string, number>();
  for (const [index, raw] of list.entries()) {
    const refuse = (problems: string[]) => refused.push(refusedRow(index, raw, problems));
    const parsed = resourceInputSchema.safeParse(raw);
    if (!parsed.success) {
      refuse(schemaProblems(parsed.error));
      continue;
    }
    const input = parsed.data;
    const first = firstOf.get(input.code);
    if (first !== undefined) {
      refuse([`code: also the code of row ${first}`]);
      continue;
    }
    const file = resolve(dirname(path), input.file);
    const facts = await stat(file).catch(() => null);
    if (!facts?.isFile()) {
      refuse([`file: cannot read ${input.file}`]);
      continue;
    }
    if (facts.size > RESOURCE_MAX_BYTES) {
      refuse([`file: ${input.file} is larger than ${RESOURCE_MAX_BYTES} bytes (file too large)`]);
      continue;
    }
    const fileName = input.file_name ?? basename(file);
    if (!resourceFileNameSchema.safeParse(fileName).success) {
      refuse([`file_name: ${fileName} is no file name to download as`]);
      continue;
    }
    firstOf.set(input.code, index);
    rows.push({
      file,
      row: {
        code: input.code,
        category: input.category,
        name: input.name,
        description: input.description,
        version: input.version,
        models: input.models,
        fileName,
        size: facts.size,
      },
    });
  }
  return { rows, refused };
}

/** The md5 of a file, read as a stream. */
export async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Puts a vendor's file in the object store under `resource/0_{md5}.bin` (content-addressed: the
 * same file twice is one object), streamed, never held whole.
 */
export async function storeVendorFile(
  backend: ObjectBackend,
  file: string,
  size: number,
): Promise<{ path: string; md5: string }> {
  const md5 = await md5OfFile(file);
  const path = `resource/0_${md5}.bin`;
  const staged = await backend.stage(path, createReadStream(file), size);
  try {
    await staged.commit('application/octet-stream');
  } catch (error) {
    await staged.discard().catch(() => {});
    throw error;
  }
  return { path, md5 };
}
