import { z } from 'zod';

/** Every non-2xx answer of /webapi (spec §8: the console shows `message`). */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Per-field messages of a validation failure, keyed by dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Machine-readable error codes; each has a message under `errors.<code>` in the locale files. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'invalid_credentials',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
