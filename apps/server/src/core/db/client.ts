/**
 * One database handle over either engine: embedded PGlite (a directory, or memory for tests) or a
 * PostgreSQL server through postgres.js. Both run the same schema and migrations.
 */
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { replaceDirectory, tightenModes } from '../data-dir.js';
import { MIGRATIONS_DIR, PGLITE_IMAGE } from '../paths.js';
import { PgliteAutovacuum } from './pglite-autovacuum.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';
import { KeptStatements } from './pglite-statements.js';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  readonly db: Db;
  readonly engine: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several servers at once. */
  migrate(): Promise<void>;
  /** Round trip to the database, for health checks. */
  ping(): Promise<void>;
  /** Flushes to disk (PGlite) before a clean shutdown. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded engine only: calls `listener` with the payload of every NOTIFY on `channel`. This
   * process is then the database's only client (the DATA_DIR lock), and PGlite hands a notification
   * over before the statement that committed it resolves, so whatever it announces is known here
   * before any later request runs. Absent on PostgreSQL, where other servers commit too and a
   * notification arrives whenever it arrives.
   */
  readonly ownNotifications?: (channel: string, listener: (payload: string) => void) => Promise<void>;
}

export type DatabaseLocation =
  | {
      engine: 'pglite';
      dataDir: string | null;
      /** A dump of a data directory (PGlite's dumpDataDir) to start from instead of an empty cluster. */
      image?: Blob;
    }
  | { engine: 'postgres'; url: string; max?: number };

/** PGlite's files under DATA_DIR. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

// Any fixed 64-bit number works: every VAP server uses it to serialise its migrations.
const MIGRATION_LOCK_KEY = 0x56_41_50_4d_49_47;

/**
 * Puts a copy of the build's migrated cluster (paths.ts) at `dir`, if the build made one, whole: a
 * start stopped halfway leaves no half a cluster that a later start would take for a database.
 * Anything at `dir` is not a cluster (it has no PG_VERSION).
 */
async function copyBuiltCluster(dir: string): Promise<void> {
  if (!existsSync(join(PGLITE_IMAGE, 'PG_VERSION'))) return;
  await replaceDirectory(dir, (next) => cp(PGLITE_IMAGE, next, { recursive: true }));
}

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.engine === 'pglite') {
    // A DATA_DIR's first start copies the build's migrated cluster; a database in memory (the tests')
    // starts from the image it is given, or empty.
    const firstStart =
      location.dataDir !== null && !existsSync(join(pgliteDir(location.dataDir), 'PG_VERSION'));
    if (firstStart && location.dataDir !== null && !location.image)
      await copyBuiltCluster(pgliteDir(location.dataDir));
    const options = {
      extensions: PGLITE_EXTENSIONS,
      ...(location.image ? { loadDataDir: location.image } : {}),
    };
    const client =
      location.dataDir === null
        ? await PGlite.create(options)
        : await PGlite.create(pgliteDir(location.dataDir), options);
    // At every open, not only after initdb: files of an older start, or a copied directory, too.
    if (location.dataDir !== null) tightenModes(pgliteDir(location.dataDir));
    // Drizzle's statements are kept prepared: planned once for any values, rather than — as
    // Postgres may choose — again for each execution's values, a planning (the size of every
    // relation read through the file system) that runs on the server's own thread. The users
    // page under load: 1,700 → 2,000 req/s, p99 55–67 → 48 ms.
    await client.exec('set plan_cache_mode = force_generic_plan');
    // Drizzle's statements run prepared (pglite-statements.ts); the rest of PGlite is used directly.
    const db = drizzlePglite({ client: new KeptStatements(client) as unknown as PGlite });
    // Statistics and the visibility map, which nothing else keeps on the embedded engine.
    const autovacuum = new PgliteAutovacuum(client);
    autovacuum.start((error) => process.emitWarning(`PGlite autovacuum: ${(error as Error).message}`));
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      // One PGlite has one connection and one owner (the DATA_DIR lock): no lock needed.
      migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await client.query('select 1');
      },
      checkpoint: async () => {
        await client.query('CHECKPOINT');
      },
      close: async () => {
        await autovacuum.stop();
        await client.close();
      },
      ownNotifications: async (channel, listener) => {
        await client.listen(channel, listener);
      },
    };
  }

  const client = postgres(location.url, {
    max: location.max ?? 10,
    onnotice: () => {},
    connect_timeout: 10,
  });
  const db = drizzlePostgres({ client });
  return {
    db: db as unknown as Db,
    engine: 'postgres',
    migrate: async () => {
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
        lock.release();
      }
    },
    ping: async () => {
      await client`select 1`;
    },
    checkpoint: async () => {},
    close: () => client.end({ timeout: 5 }),
  };
}
