/**
 * Build step (`npm run build`, after tsup): the cluster a first start on an empty DATA_DIR copies
 * (core/db/pglite-image.ts), written where the server looks for it (paths.ts, PGLITE_IMAGE). It is
 * made beside it and then put in its place, so that an interrupted build leaves no half a cluster;
 * owner-only, as PGlite writes its files for everyone to change, and every new database is a copy.
 */
import { rename, rm } from 'node:fs/promises';
import { tightenModes } from './core/data-dir.js';
import { writeMigratedCluster } from './core/db/pglite-image.js';
import { PGLITE_IMAGE } from './core/paths.js';

const next = `${PGLITE_IMAGE}.next`;
await rm(next, { recursive: true, force: true });
await writeMigratedCluster(next);
tightenModes(next);
await rm(PGLITE_IMAGE, { recursive: true, force: true });
await rename(next, PGLITE_IMAGE);
console.log(`${PGLITE_IMAGE}: a migrated PGlite cluster`);
