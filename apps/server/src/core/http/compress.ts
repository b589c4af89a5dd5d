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

/**
 * Up to this, an answer is compressed in one call on the event loop rather than through a zlib
 * stream on the thread pool: brotli at quality 4 takes about 0.15 ms for the owner's 24 KB user
 * info, less than a stream's setup and round trip, which on two cores (where the plugin's own limit
 * is 8 KB) were a third of user info's CPU time in a profile. The OpenAPI document still streams.
 */
export const COMPRESS_SYNC_LIMIT = 64 * 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    syncThreshold: COMPRESS_SYNC_LIMIT,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
