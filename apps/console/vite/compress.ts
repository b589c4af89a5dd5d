/**
 * Brotli and gzip copies of every compressible file of the build, written beside it
 * (`app.js.br`, `app.js.gz`), for the server to send by the browser's `Accept-Encoding`
 * (@fastify/static `preCompressed`). Compressing once at build time lets brotli use its highest
 * quality, which no server could afford per request. node's zlib does the work.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Not source maps: few fetch them, and brotli at its best quality is slow on their size.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; answers how many files it did. */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesOf(dir)).filter((file) => COMPRESSIBLE.test(file));
  let count = 0;
  for (const file of files) {
    const data = await readFile(file);
    if (data.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipped(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count++;
  }
  return count;
}

export function compressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vap-compress',
    apply: 'build',
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
