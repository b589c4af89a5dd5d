/**
 * Backup and restore of the embedded database (`npm run ops -- backup <file>` / `restore <file>`):
 * PGlite's own dump of its data directory, a gzipped tar. Both run with the server stopped (the
 * DATA_DIR lock). PostgreSQL is backed up with its own tools (pg_dump), see docs/operations.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { tightenModes } from '../data-dir.js';
import type { DataDirCommand } from '../ops-command.js';
import { pgliteDir } from './client.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

const POSTGRES_REFUSAL =
  'DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore (docs/operations.md, "Backups").';

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

export const databaseCommands: Record<string, DataDirCommand> = {
  backup: {
    usage: '<file>',
    summary: 'Writes a backup of the embedded database (PGlite) to <file>; stop the server first.',
    withoutDatabase: true,
    async run(args, { config }) {
      const [file, ...rest] = args;
      if (!file || rest.length > 0) throw new Error('Usage: backup <file>');
      if (config.databaseUrl) throw new Error(POSTGRES_REFUSAL);
      const path = resolve(process.env.INIT_CWD || process.cwd(), file);
      if (existsSync(path)) throw new Error(`${path} exists; choose a new file name.`);
      const bytes = await backupEmbedded(config.dataDir, path);
      return `Backed up the embedded database of ${config.dataDir} to ${path} (${bytes} bytes).`;
    },
  },
  restore: {
    usage: '<file>',
    summary:
      'Replaces the embedded database by a backup (the current one is kept aside); stop the server first.',
    withoutDatabase: true,
    async run(args, { config }) {
      const [file, ...rest] = args;
      if (!file || rest.length > 0) throw new Error('Usage: restore <file>');
      if (config.databaseUrl) throw new Error(POSTGRES_REFUSAL);
      const path = resolve(process.env.INIT_CWD || process.cwd(), file);
      const keptAs = await restoreEmbedded(config.dataDir, path);
      return (
        `Restored the embedded database of ${config.dataDir} from ${path}.` +
        (keptAs ? ` The database it replaced is in ${keptAs}; remove it once the restore is checked.` : '')
      );
    },
  },
};
