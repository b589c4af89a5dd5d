import { OPERATIONS_CALLS } from '@vap/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { serve } from '../../core/http/calls.js';
import { ApiError } from '../../core/http/errors.js';

/**
 * The health answers are a few bytes, below any compression threshold, and take no body: the
 * compression plugin's per-route hooks (encoding negotiation, request decompression) are skipped.
 * They are constants made here, so they are written as they are: checking them against their schema
 * on every probe, as the zod serializer does, would find nothing (the schemas still document them).
 */
const TINY_ANSWER = {
  compress: false,
  decompress: false,
  serializerCompiler: () => (answer: unknown) => JSON.stringify(answer),
} as const;

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  await serve(
    app,
    OPERATIONS_CALLS.healthz,
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        throw new ApiError(503, 'service_unavailable');
      }
      return { status: 'ok' as const, database: database.engine };
    },
    TINY_ANSWER,
  );

  // A supervisor probing often should not queue behind the database (healthz checks that). Not
  // async: an answer at hand is sent at once, without a turn of the microtask queue.
  await serve(app, OPERATIONS_CALLS.livez, () => ({ status: 'ok' as const }), TINY_ANSWER);
}
