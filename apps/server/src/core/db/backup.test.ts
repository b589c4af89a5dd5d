import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseCommands } from '../backup-commands.js';
import { loadConfig } from '../config.js';
import { openDatabase, pgliteDir } from './client.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vap-backup-'));
  // As `npm run ops` finds it: the DATA_DIR lock has created the directory.
  mkdirSync(join(dir, 'data'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (name: 'backup' | 'restore', args: string[], env: Record<string, string> = {}) =>
  databaseCommands[name]?.run(args, { config: loadConfig({ DATA_DIR: join(dir, 'data'), ...env }) });

async function withDatabase<T>(use: (query: (sql: string) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ engine: 'pglite', dataDir: join(dir, 'data') });
  try {
    return await use(
      async (sql) => ((await database.db.execute(sql)) as unknown as { rows: unknown[] }).rows,
    );
  } finally {
    await database.close();
  }
}

// Each test creates, opens and reopens an embedded database on disk (an initdb each): 10–20 s on a
// loaded two-core machine, where the suite's 30 s was once not enough.
describe('backup and restore of the embedded database', { timeout: 90_000 }, () => {
  it('restore brings back what the backup held, and keeps the database it replaced aside', async () => {
    await withDatabase(async (query) => {
      await query('create table kept (note text)');
      await query("insert into kept values ('before the backup')");
    });
    const file = join(dir, 'vap.tar.gz');
    expect(await run('backup', [file])).toMatch(/^Backed up the embedded database of .* \(\d+ bytes\)\.$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    await withDatabase(async (query) => {
      await query("insert into kept values ('after the backup')");
    });
    const answer = await run('restore', [file]);
    expect(answer).toMatch(/The database it replaced is in .*pglite\.before-restore-/);

    const rows = await withDatabase((query) => query('select note from kept order by note'));
    expect(rows).toEqual([{ note: 'before the backup' }]);
    const aside = readdirSync(join(dir, 'data')).filter((name) => name.startsWith('pglite.before-restore-'));
    expect(aside).toHaveLength(1);
  });

  it('refuses a file that is no backup and leaves the database as it was', async () => {
    await withDatabase((query) => query('create table untouched (n int)'));
    const bogus = join(dir, 'bogus.tar.gz');
    writeFileSync(bogus, 'not a tarball');
    await expect(run('restore', [bogus])).rejects.toThrow(/is not a backup of the embedded database/);
    expect(readdirSync(join(dir, 'data')).sort()).toEqual(['pglite']);
    await withDatabase((query) => query('select * from untouched'));
  });

  it('never overwrites an existing file with a backup', async () => {
    await withDatabase((query) => query('select 1'));
    const file = join(dir, 'exists.tar.gz');
    writeFileSync(file, 'precious');
    await expect(run('backup', [file])).rejects.toThrow(/exists; choose a new file name/);
  });

  it('sends PostgreSQL to pg_dump', async () => {
    const postgres = { DATABASE_URL: 'postgres://vap@db/vap' };
    await expect(run('backup', [join(dir, 'x')], postgres)).rejects.toThrow(/pg_dump/);
    await expect(run('restore', [join(dir, 'x')], postgres)).rejects.toThrow(/pg_dump/);
    expect(existsSync(pgliteDir(join(dir, 'data')))).toBe(false);
  });
});
