/** What the operations calls answer: a load balancer's and a supervisor's probes. */
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export const livenessSchema = z.object({ status: z.literal('ok') });
