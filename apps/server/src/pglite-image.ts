/**
 * Build step (`npm run build`, after tsup): the cluster a first start on an empty DATA_DIR copies
 * (core/db/pglite-image.ts), written where the server looks for it (paths.ts, PGLITE_IMAGE), whole
 * or not at all; owner-only, as PGlite writes its files for everyone to change, and every new
 * database is a copy.
 */
import { replaceDirectory, tightenModes } from './core/data-dir.js';
import { writeMigratedCluster } from './core/db/pglite-image.js';
import { PGLITE_IMAGE } from './core/paths.js';

await replaceDirectory(PGLITE_IMAGE, async (next) => {
  await writeMigratedCluster(next);
  tightenModes(next);
});
console.log(`${PGLITE_IMAGE}: a migrated PGlite cluster`);
