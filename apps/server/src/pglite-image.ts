/**
 * Build step (`npm run build`, after tsup): the cluster a first start on an empty DATA_DIR loads
 * (core/db/pglite-image.ts), written where the server looks for it (paths.ts, PGLITE_IMAGE).
 */
import { writeFile } from 'node:fs/promises';
import { migratedPgliteImage } from './core/db/pglite-image.js';
import { PGLITE_IMAGE } from './core/paths.js';

const image = await migratedPgliteImage('gzip');
await writeFile(PGLITE_IMAGE, new Uint8Array(await image.arrayBuffer()));
console.log(`${PGLITE_IMAGE}: ${(image.size / 1024 / 1024).toFixed(1)} MB`);
