/**
 * Answers of /webapi compressed for browsers that ask (`Accept-Encoding`): user info with its menu
 * tree and the OpenAPI document are tens of kilobytes of JSON that shrink ten times. Brotli at a
 * low quality and gzip cost little CPU per answer; small answers (most list pages) go as they are,
 * and so do the console's files, which the build compressed already (console-static.ts).
 */

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this, compressing saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
