import { apiErrorSchema, OPERATIONS_PATHS } from '@vap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../core/db/client.js';
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

export const healthModule: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    OPERATIONS_PATHS.healthz,
    {
      config: { access: 'public' },
      ...TINY_ANSWER,
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        throw new ApiError(503, 'service_unavailable');
      }
      return { status: 'ok' as const, database: database.engine };
    },
  );

  app.get(
    OPERATIONS_PATHS.livez,
    {
      config: { access: 'public' },
      ...TINY_ANSWER,
      schema: {
        tags: ['operations'],
        summary: 'Liveness of the server process alone, without a database round trip',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    // A supervisor probing often should not queue behind the database (healthz checks that). Not
    // async: an answer at hand is sent at once, without a turn of the microtask queue.
    () => ({ status: 'ok' as const }),
  );
};
