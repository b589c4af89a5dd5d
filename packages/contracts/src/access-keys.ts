/**
 * Access keys of the open platform (spec §2.2 `/accesskey`, §3 "Access key", §5, §9): the owner's
 * calls to create, list, disable and delete them, and the request signing with which a third party
 * calls the open API with one. Defined once for the server routes, the console page (plugin
 * `system`) and third-party clients (docs/open-api.md).
 */
import { z } from 'zod';
import { idSchema } from './ids.js';

export const ACCESS_KEY_ID_LENGTH = 16;
export const ACCESS_KEY_SECRET_LENGTH = 32;
/** A key is valid for ten years from its creation; the validity cannot be changed (spec §9). */
export const ACCESS_KEY_VALIDITY_YEARS = 10;
/** Stream bandwidth limit steps and bounds, in Mbps (spec §5, §9). */
export const ACCESS_KEY_BANDWIDTH_STEP_MBPS = 0.25;
export const ACCESS_KEY_BANDWIDTH_MAX_MBPS = 1000;
/** How many keys a company may hold. */
export const ACCESS_KEYS_MAX_PER_COMPANY = 100;

export const accessKeyIdPattern = /^[A-Za-z0-9]{16}$/;
export const accessKeySecretPattern = /^[A-Za-z0-9]{32}$/;

/** `{id}` of `…/access_keys/{id}`. */
export const accessKeyIdParamsSchema = z.object({
  id: z.string().regex(accessKeyIdPattern, 'validation.accessKeyId'),
});

/** Whether a bandwidth is a positive multiple of 0.25 Mbps within the maximum. */
export function isAccessKeyBandwidth(mbps: number): boolean {
  return (
    Number.isFinite(mbps) &&
    mbps > 0 &&
    mbps <= ACCESS_KEY_BANDWIDTH_MAX_MBPS &&
    Number.isInteger(mbps / ACCESS_KEY_BANDWIDTH_STEP_MBPS)
  );
}

export const bandwidthMbpsSchema = z
  .number({ error: 'validation.bandwidth' })
  .refine(isAccessKeyBandwidth, 'validation.bandwidth');

/**
 * An operation of the open API: `operationId` of api.json when the route sets one, else
 * `METHOD path` as api.json lists it, e.g. `GET /v1/pms/company/users`.
 */
export const operationIdSchema = z.string().min(1).max(300);

/** One row of GET /access_keys. The secret is never listed. */
export const accessKeySchema = z.object({
  id: z.string(),
  /** ISO 8601; ten years after `created_at`. */
  expires_at: z.string(),
  bandwidth_mbps: z.number(),
  is_access_all_group: z.boolean(),
  group_ids: z.array(z.number().int()),
  /** The operations (ids) the key may call. */
  operations: z.array(z.string()),
  disabled: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601 of the last signed request accepted with the key; null before the first. */
  last_used_at: z.string().nullable(),
});
export type AccessKey = z.infer<typeof accessKeySchema>;
/** Answer of GET /access_keys: every key of the company (at most 100; no paging). */
export const accessKeyListSchema = z.object({ items: z.array(accessKeySchema) });

/** Answer of POST /access_keys: the key and its secret, which is shown this once only. */
export const accessKeyCreatedSchema = accessKeySchema.extend({ secret: z.string() });
export type AccessKeyCreated = z.infer<typeof accessKeyCreatedSchema>;

/**
 * POST /access_keys. The expiry is not part of it: a body that sets `expires_at` is refused
 * ('validation.accessKeyExpiry'), as the validity is fixed at ten years (spec §9).
 */
export const createAccessKeyBodySchema = z.object({
  bandwidth_mbps: bandwidthMbpsSchema,
  is_access_all_group: z.boolean().default(false),
  group_ids: z
    .array(idSchema, { error: 'validation.accessKeyGroups' })
    .max(10_000, 'validation.accessKeyGroups')
    .default([]),
  /** A non-empty subset of GET /access_keys/operations (the server refuses others: `unknown_operation`). */
  operations: z
    .array(operationIdSchema, { error: 'validation.accessKeyOperations' })
    .min(1, 'validation.accessKeyOperations')
    .max(1000, 'validation.accessKeyOperations')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.accessKeyOperations'),
  expires_at: z.never({ error: 'validation.accessKeyExpiry' }).optional(),
});
export type CreateAccessKeyBody = z.input<typeof createAccessKeyBodySchema>;

/** A bandwidth as typed in a form (a number field gives text), in Mbps. */
export const bandwidthTextSchema = z
  .string()
  .trim()
  .min(1, 'validation.bandwidth')
  .transform(Number)
  .pipe(bandwidthMbpsSchema);

/**
 * The console's "create key" form: the body above with the bandwidth as typed and no expiry (fixed
 * at ten years). The group ids are chosen from the company's device groups (GET
 * `DEVICE_PATHS.groups`), not typed; while all groups are on the form sends none.
 */
export const createAccessKeyFormSchema = createAccessKeyBodySchema.omit({ expires_at: true }).extend({
  bandwidth_mbps: bandwidthTextSchema,
});
export type CreateAccessKeyForm = z.input<typeof createAccessKeyFormSchema>;

/** When a key created at `from` expires: ten years later, same time of day (UTC). */
export function accessKeyExpiry(from: Date): Date {
  const expiry = new Date(from);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + ACCESS_KEY_VALIDITY_YEARS);
  return expiry;
}

/** PATCH /access_keys/{id}: disables (`true`) or enables (`false`) the key. */
export const accessKeyStateBodySchema = z.object({ disabled: z.boolean() });
export type AccessKeyStateBody = z.infer<typeof accessKeyStateBodySchema>;

/** One operation a key may be given (GET /access_keys/operations). */
export const openOperationSchema = z.object({
  /** The id to put in `operations`. */
  id: z.string(),
  method: z.string(),
  /** As in api.json: relative to /webapi, with `{param}` placeholders. */
  path: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
});
export type OpenOperation = z.infer<typeof openOperationSchema>;
export const openOperationsSchema = z.object({ items: z.array(openOperationSchema) });

/**
 * Answer of GET /access_keys/debug (the open API debug page, `openapi_debug`): the company's keys as
 * the page picks one — id, state and the operations it may call, never the secret, which the user
 * types in the browser — and every open operation, so that one the key lacks can be tried too.
 */
export const openApiDebugSchema = z.object({
  keys: z.array(accessKeySchema.pick({ id: true, expires_at: true, disabled: true, operations: true })),
  operations: z.array(openOperationSchema),
});
export type OpenApiDebug = z.infer<typeof openApiDebugSchema>;
export type DebugAccessKey = OpenApiDebug['keys'][number];

// ---- request signing (docs/open-api.md) ----------------------------------------------------------

/** The headers of a signed request (lower case, as Node and Fastify see them). */
export const ACCESS_KEY_HEADERS = {
  keyId: 'x-vap-key-id',
  /** Unix time in seconds. */
  timestamp: 'x-vap-timestamp',
  /** 16 to 64 characters of `[A-Za-z0-9_-]`, never used twice with the same key. */
  nonce: 'x-vap-nonce',
  /** Lower-case hex HMAC-SHA256 of `stringToSign` with the secret. */
  signature: 'x-vap-signature',
} as const;
export const SIGNATURE_ALGORITHM = 'VAP-HMAC-SHA256';
/** A timestamp further than this from the server's clock is refused. */
export const SIGNATURE_MAX_SKEW_SECONDS = 300;
export const nonceSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** RFC 3986 encoding: `encodeURIComponent` plus `!'()*`. */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The query of a request in canonical form: each `name=value` pair decoded (`+` is a space),
 * re-encoded per RFC 3986, sorted by name then value and joined with `&`. `search` may start with `?`.
 */
export function canonicalQuery(search: string): string {
  const pairs = [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)].map(
    ([name, value]) => [rfc3986(name), rfc3986(value)] as const,
  );
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

export interface SignedRequestParts {
  /** Upper case, e.g. `GET`. */
  method: string;
  /** The path as sent, without the query, e.g. `/webapi/v1/pms/company/users`. */
  path: string;
  /** The query string as sent (with or without `?`), or empty. */
  query: string;
  /** Unix seconds, as in the timestamp header. */
  timestamp: string;
  nonce: string;
  /** Lower-case hex SHA-256 of the raw body bytes (of the empty string when there is none). */
  bodySha256: string;
}

/** The text whose HMAC-SHA256 is the signature: seven lines joined with `\n`. */
export function stringToSign(parts: SignedRequestParts): string {
  return [
    SIGNATURE_ALGORITHM,
    parts.method.toUpperCase(),
    parts.path,
    canonicalQuery(parts.query),
    parts.timestamp,
    parts.nonce,
    parts.bodySha256,
  ].join('\n');
}

// ---- the open device manager (spec §2.1 /open-pages/device-manager, §8; issue 16) --------------

/**
 * A link to the open device manager a company embeds in its own portal:
 * `/open-pages/device-manager?key_id=…&expires=…&signature=…&lang=…`, signed with an access key.
 * `expires` is Unix time in seconds; `signature` the lower-case hex HMAC-SHA256, keyed with the
 * key's secret, of `deviceManagerStringToSign` (`lang` only chooses the page's language).
 */
export const DEVICE_MANAGER_ALGORITHM = 'VAP-DEVICE-MANAGER-HMAC-SHA256';
export const deviceManagerStringToSign = (keyId: string, expires: string | number) =>
  [DEVICE_MANAGER_ALGORITHM, keyId, String(expires)].join('\n');
/** The longest a link may be valid ahead: a portal signs links anew, not once for ever. */
export const DEVICE_MANAGER_MAX_DAYS = 366;

/** GET device_manager/devices: the link's parameters and a page. */
export const deviceManagerQuerySchema = z.object({
  key_id: z.string().max(64),
  expires: z.string().max(16),
  signature: z.string().max(128),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type DeviceManagerQuery = z.input<typeof deviceManagerQuerySchema>;

/** A device as the open device manager shows it: read-only, no account, no address. */
export const openDeviceSchema = z.object({
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  firmware_version: z.string(),
  hardware_version: z.string(),
  status: z.enum(['online', 'offline']),
  last_online_at: z.string().nullable(),
  group_name: z.string(),
});
export type OpenDevice = z.infer<typeof openDeviceSchema>;
