/**
 * A PGlite cluster made and migrated now, dumped (PGlite's dumpDataDir): what the build ships beside
 * the bundle for a first start on an empty DATA_DIR (dist/pglite-image.tar.gz, written by
 * `pglite-image.ts` at the build), and what the server's tests copy for each test database. A fresh
 * cluster costs initdb (seconds) and every migration (seconds more as they grow); loading a dump
 * costs neither. The migrations still run at every start and find nothing left to do.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';

/** A dump of a cluster migrated to this build's last migration; `compression` as dumpDataDir takes it. */
export async function migratedPgliteImage(compression: 'gzip' | 'none'): Promise<Blob> {
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_DIR });
    return await pglite.dumpDataDir(compression);
  } finally {
    await pglite.close();
  }
}
