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
  'invalid_list_query',
  'invalid_credentials',
  'invalid_sms_code',
  'captcha_failed',
  'phone_registered',
  'scan_expired',
  'wrong_old_password',
  'password_already_set',
  'password_not_set',
  'email_taken',
  'company_exists',
  'no_company',
  'logo_invalid',
  'products_readonly',
  'verify_in_review',
  'verify_field_locked',
  'verify_incomplete',
  'object_missing',
  'upload_token_invalid',
  'upload_size_mismatch',
  'upload_hash_error',
  'upload_type_invalid',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'service_unavailable',
  'internal',
  'cannot_change_self',
  'owner_protected',
  'target_outranks_caller',
  'role_exceeds_own',
  'role_name_taken',
  'role_in_use',
  'default_role',
  'unknown_menu',
  'unknown_operation',
  'access_key_limit',
  'access_key_invalid',
  'access_key_disabled',
  'access_key_expired',
  'signature_invalid',
  'timestamp_skew',
  'nonce_replayed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
