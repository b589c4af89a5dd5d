/** What the operations calls answer: a load balancer's and a supervisor's probes, the OpenAPI document. */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export const livenessSchema = z.object({ status: z.literal('ok') });

/** The OpenAPI document of /webapi (3.x): its paths relative to the server URL `/webapi`. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
