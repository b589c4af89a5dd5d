/**
 * `npm run ops -- backup <file>` / `restore <file>`: the embedded database's backup and restore
 * (db/backup.ts) as operator commands. PostgreSQL is backed up with its own tools.
 */
import { existsSync } from 'node:fs';
import type { Config } from './config.js';
import { backupEmbedded, restoreEmbedded } from './db/backup.js';
import { type DataDirCommand, fromWorkingDir } from './ops-command.js';

const POSTGRES_REFUSAL =
  'DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore (docs/operations.md, "Backups").';

/**
 * The backup file both commands take, resolved where the operator ran `npm run ops` (npm starts the
 * script in the package's folder); refused with PostgreSQL, whose backups are its own tools'.
 */
function embeddedBackupFile(command: 'backup' | 'restore', args: readonly string[], config: Config): string {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) throw new Error(`Usage: ${command} <file>`);
  if (config.databaseUrl) throw new Error(POSTGRES_REFUSAL);
  return fromWorkingDir(file);
}

export const databaseCommands: Record<string, DataDirCommand> = {
  backup: {
    usage: '<file>',
    summary: 'Writes a backup of the embedded database (PGlite) to <file>; stop the server first.',
    withoutDatabase: true,
    async run(args, { config }) {
      const path = embeddedBackupFile('backup', args, config);
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
      const path = embeddedBackupFile('restore', args, config);
      const keptAs = await restoreEmbedded(config.dataDir, path);
      return (
        `Restored the embedded database of ${config.dataDir} from ${path}.` +
        (keptAs ? ` The database it replaced is in ${keptAs}; remove it once the restore is checked.` : '')
      );
    },
  },
};
