/**
 * Answers of /webapi compressed for browsers that ask (`Accept-Encoding`): user info with its menu
 * tree and the OpenAPI document are tens of kilobytes of JSON that shrink ten times. Brotli at a
 * low quality and gzip cost little CPU per answer; small answers (most list pages) go as they are,
 * and so do the console's files, which the build compressed already (console-static.ts).
 */

import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
    encodings: [...ENCODINGS],
    brotliOptions: EACH_ANSWER_BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
/** For an answer compressed once and kept (KeptAnswers). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * For an answer compressed anew on every request. A device list page (11 KB of JSON) takes 60 µs at
 * quality 4 and 33 µs at quality 2 (726 and 807 bytes; gzip at level 6: 914 bytes in 43 µs): on
 * PGlite the list served 6–8% more pages a second at quality 2 (issue 30: its p99 under load).
 */
const EACH_ANSWER_BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } };
const GZIP_OPTIONS = { level: 6 };

/** The encoding the plugin would choose for a request (`*` and `x-gzip` count as gzip, as there). */
export function encodingFor(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

interface KeptAnswer {
  json: string;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * JSON answers kept with the object they are made of, compressed at most once per encoding. For an
 * answer that is a function of an immutable object, such as user info of a kept caller
 * (auth/caller.ts): its owner's ~24 KB menu tree costs a brotli pass of ~0.15 ms, most of the
 * route's time, when made on every request. `variant` is the rest the answer depends on (a signed
 * URL that changes with time): another variant is made again.
 */
export class KeptAnswers<K extends object> {
  private readonly kept = new WeakMap<K, KeptAnswer & { variant: string }>();

  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: K,
    variant: string,
    make: () => string,
  ): FastifyReply {
    let answer = this.kept.get(key);
    if (answer?.variant !== variant) {
      answer = { variant, json: make(), encoded: {} };
      this.kept.set(key, answer);
    }
    reply.type('application/json; charset=utf-8');
    const encoding = Buffer.byteLength(answer.json) >= COMPRESS_THRESHOLD ? encodingFor(request) : undefined;
    if (!encoding) return reply.send(answer.json);
    answer.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(answer.json, BROTLI_OPTIONS)
        : gzipSync(answer.json, GZIP_OPTIONS);
    return reply
      .header('vary', 'accept-encoding')
      .header('content-encoding', encoding)
      .send(answer.encoded[encoding]);
  }
}
