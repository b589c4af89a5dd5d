/**
 * Backup and restore of the embedded database (the operator's commands: ../backup-commands.ts):
 * PGlite's own dump of its data directory, a gzipped tar. Both run with the server stopped (the
 * DATA_DIR lock). PostgreSQL is backed up with its own tools (pg_dump), see docs/operations.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { tightenModes } from '../data-dir.js';
import { pgliteDir } from './client.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

/** Writes a dump of the embedded database of `dataDir` to `file` (owner-only); answers its size. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (!existsSync(pgliteDir(dataDir))) throw new Error(`There is no embedded database in ${dataDir}.`);
  const client = await PGlite.create(pgliteDir(dataDir), { extensions: PGLITE_EXTENSIONS });
  try {
    const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    // Never a half-written backup under the name asked for.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, dump, { mode: 0o600, flag: 'wx' });
    renameSync(partial, file);
    return dump.byteLength;
  } finally {
    await client.close();
  }
}

/**
 * Replaces the embedded database of `dataDir` by the dump in `file`. The dump is opened in a
 * directory of its own first, so that a file that is no dump leaves the database untouched; the
 * database it replaces is kept beside it, under the name answered.
 */
export async function restoreEmbedded(dataDir: string, file: string): Promise<string | undefined> {
  const dump = await readFile(file);
  const target = pgliteDir(dataDir);
  const incoming = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  try {
    const client = await PGlite.create(incoming, {
      loadDataDir: new Blob([dump]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      await client.query('select 1');
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw new Error(`${file} is not a backup of the embedded database: ${(error as Error).message}`);
  }
  tightenModes(incoming);
  let keptAs: string | undefined;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAs);
  }
  renameSync(incoming, target);
  return keptAs;
}
