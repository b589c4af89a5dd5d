/**
 * Build step: a PGlite cluster just after initdb, dumped beside the bundle (dist/pglite-initdb.tar.gz).
 * A first start on an empty DATA_DIR loads it instead of running initdb, which takes seconds of the
 * server's start-up (core/db/client.ts).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const pglite = await PGlite.create();
const image = await pglite.dumpDataDir('gzip');
await pglite.close();
const file = join(import.meta.dirname, '../dist/pglite-initdb.tar.gz');
await writeFile(file, new Uint8Array(await image.arrayBuffer()));
console.log(`${file}: ${(image.size / 1024 / 1024).toFixed(1)} MB`);
