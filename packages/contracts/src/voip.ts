/**
 * Internet telephony (spec §1, §2.3 voip_*, §3 call center and extension, §5.5; issue 33): a
 * company's SIP extensions — device phones bound to its devices, agent phones — its call centers
 * ringing agents in order by a strategy, and the dial records the SIP server accounts. An
 * extension's password is never stored: it is answered once, when the extension is made and when
 * it is reset.
 */
import { z } from 'zod';
import { idSchema } from './ids.js';
import { type FilterSpec, filterTextSchema, instantSchema, serialFilterSchema } from './list.js';
import { requiredTextSchema, wholeNumberSchema } from './validators.js';

/** Spec §5.5: a dial id is 5–20 of digits, letters, `_`, `-`, `.`. */
export const VOIP_DIAL_ID_PATTERN = /^[0-9A-Za-z_.-]{5,20}$/;
/** Spec §5.5: an extension's password is 6–20 letters and digits. */
export const VOIP_PASSWORD_PATTERN = /^[0-9A-Za-z]{6,20}$/;
/** The length of a password the server makes up. */
export const VOIP_GENERATED_PASSWORD_LENGTH = 12;
export const VOIP_DISPLAY_NAME_MAX_LENGTH = 50;
export const VOIP_CALL_CENTER_NAME_MAX_LENGTH = 50;
/** Spec §5.5: the max wait is 0–600 s, 0 being unlimited. */
export const VOIP_MAX_WAIT_SECONDS = 600;
/** Spec §5.5: an agent rings 1–60 s. */
export const VOIP_RING_TIMEOUT_MIN_SECONDS = 1;
export const VOIP_RING_TIMEOUT_MAX_SECONDS = 60;
/** A delay interval keeps an agent out of the rotation at most an hour. */
export const VOIP_DELAY_MAX_SECONDS = 3600;
/** Agents one call center rings at most. */
export const VOIP_CALL_CENTER_MAX_AGENTS = 100;
/** Rows one device-phone import takes at most. */
export const VOIP_IMPORT_MAX_ROWS = 1000;
/** The most bytes of a device-phone import's workbook. */
export const VOIP_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The columns of the device-phone import (its template's header). */
export const VOIP_IMPORT_COLUMNS = ['dial_id', 'device_sn', 'display_name', 'password'] as const;

export const VOIP_EXTENSION_KINDS = ['device', 'agent'] as const;
export type VoipExtensionKind = (typeof VOIP_EXTENSION_KINDS)[number];

/**
 * An extension's status: registered (`online`) or not (`offline`) as the SIP server's registrations
 * say; `not_connected` where no SIP server is configured; `needs_postgres` on the embedded database,
 * which a SIP server cannot share.
 */
export const VOIP_EXTENSION_STATUSES = ['online', 'offline', 'not_connected', 'needs_postgres'] as const;
export type VoipExtensionStatus = (typeof VOIP_EXTENSION_STATUSES)[number];

/** How a call center rings its agents. */
export const VOIP_STRATEGIES = ['ring_all', 'top_down', 'round_robin', 'longest_idle', 'random'] as const;
export type VoipStrategy = (typeof VOIP_STRATEGIES)[number];

/** How a call ended. */
export const VOIP_DIAL_RESULTS = [
  'answered',
  'no_answer',
  'busy',
  'cancelled',
  'failed',
  'queue_timeout',
] as const;
export type VoipDialResult = (typeof VOIP_DIAL_RESULTS)[number];

export const voipDialIdSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(VOIP_DIAL_ID_PATTERN, 'validation.voipDialId');
export const voipPasswordSchema = z
  .string({ error: 'validation.required' })
  .regex(VOIP_PASSWORD_PATTERN, 'validation.voipPassword');
/** A password field: empty (the server makes one up) or a password of spec §5.5. */
const optionalPasswordSchema = z
  .union([z.literal('').transform(() => undefined), voipPasswordSchema])
  .optional();
const displayNameSchema = z
  .string()
  .trim()
  .max(VOIP_DISPLAY_NAME_MAX_LENGTH, 'validation.voipDisplayName')
  .default('');
const deviceSnSchema = requiredTextSchema.max(64, 'validation.voipDeviceSn');

/** The add form of a device phone; without a password the server makes one up. */
export const voipDevicePhoneFormSchema = z.object({
  dial_id: voipDialIdSchema,
  device_sn: deviceSnSchema,
  display_name: displayNameSchema,
  password: optionalPasswordSchema,
});
export type VoipDevicePhoneForm = z.input<typeof voipDevicePhoneFormSchema>;
/** Editing a device phone: its device and name (the dial id names its credentials: fixed). */
export const voipDevicePhoneEditSchema = voipDevicePhoneFormSchema.pick({
  device_sn: true,
  display_name: true,
});
export type VoipDevicePhoneEdit = z.input<typeof voipDevicePhoneEditSchema>;

/** The add form of an agent phone. */
export const voipAgentPhoneFormSchema = z.object({
  dial_id: voipDialIdSchema,
  display_name: displayNameSchema,
  password: optionalPasswordSchema,
});
export type VoipAgentPhoneForm = z.input<typeof voipAgentPhoneFormSchema>;
export const voipAgentPhoneEditSchema = voipAgentPhoneFormSchema.pick({ display_name: true });
export type VoipAgentPhoneEdit = z.input<typeof voipAgentPhoneEditSchema>;

/** The softphone's sign-in (issue 33): an agent's own extension and its password, both spec §5.5. */
export const voipSoftphoneSignInSchema = z.object({
  dial_id: voipDialIdSchema,
  password: voipPasswordSchema,
});
export type VoipSoftphoneSignIn = z.input<typeof voipSoftphoneSignInSchema>;

/** A password reset: the given one, or one the server makes up. */
export const voipPasswordResetSchema = z.object({ password: optionalPasswordSchema });

/** A call center an agent belongs to. */
export const voipCallCenterRefSchema = z.object({
  id: z.number().int(),
  dial_id: z.string(),
  name: z.string(),
});

/** An extension as the lists show it: its registration's status, address and user agent. */
export const voipExtensionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VOIP_EXTENSION_KINDS),
  dial_id: z.string(),
  /** The company's SIP domain it registers in. */
  domain: z.string(),
  display_name: z.string(),
  /** A device phone's device, by serial (null for an agent). */
  device_sn: z.string().nullable(),
  /** The device's name while it is bound to the company. */
  device_name: z.string().nullable(),
  status: z.enum(VOIP_EXTENSION_STATUSES),
  /** The address it registered from, and its user agent, while online. */
  ip: z.string().nullable(),
  ua: z.string().nullable(),
  /** An agent's call centers, in name order. */
  call_centers: z.array(voipCallCenterRefSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VoipExtension = z.infer<typeof voipExtensionSchema>;

/** An extension made or reset: its password, this once. */
export const voipCredentialsSchema = z.object({
  extension: voipExtensionSchema,
  password: z.string(),
  /** Where its phone registers (SIP_SERVER), null when none is configured. */
  server: z.string().nullable(),
});
export type VoipCredentials = z.infer<typeof voipCredentialsSchema>;

export const VOIP_EXTENSION_FILTERS = {
  dial_id: { like: filterTextSchema(20) },
  display_name: { like: filterTextSchema(VOIP_DISPLAY_NAME_MAX_LENGTH) },
  device_sn: { like: serialFilterSchema },
} as const satisfies FilterSpec;
export const VOIP_EXTENSION_ORDER_KEYS = ['created_at', 'dial_id'] as const;

/** Where the phones register, and whether live status can be read (GET voip/server). */
export const voipServerSchema = z.object({
  server: z.string().nullable(),
  /** Where an agent's browser softphone connects (SIP over WebSocket), when the SIP server is live. */
  websocket: z.string().nullable(),
  /** Extensions' status is read from the SIP server's registrations. */
  live: z.boolean(),
  /** Why not, when not: no SIP server configured, or the embedded database. */
  reason: z.enum(['not_connected', 'needs_postgres']).nullable(),
  /** The company's SIP domain. */
  domain: z.string(),
});
export type VoipServer = z.infer<typeof voipServerSchema>;

/** A device the device-phone form may bind to. */
export const voipDeviceSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  name: z.string(),
});
export type VoipDevice = z.infer<typeof voipDeviceSchema>;
export const VOIP_DEVICE_FILTERS = {
  sn: { like: serialFilterSchema },
} as const satisfies FilterSpec;

/**
 * Why an import row is refused: a cell missing or of the wrong form, a device not the caller's, a
 * dial id taken by an extension or call center of the company, or repeated in the file.
 */
export const VOIP_IMPORT_ERRORS = [
  'missing',
  'dial_id_format',
  'password_format',
  'display_name_format',
  'device_unknown',
  'dial_id_taken',
  'duplicate',
] as const;
export type VoipImportError = (typeof VOIP_IMPORT_ERRORS)[number];

export const voipImportRowErrorSchema = z.object({
  row: z.number().int().min(2),
  dial_id: z.string(),
  code: z.enum(VOIP_IMPORT_ERRORS),
});
export type VoipImportRowError = z.infer<typeof voipImportRowErrorSchema>;

/**
 * Answer of the import: with any error, nothing is imported and every bad row is listed; else each
 * imported extension with its password (the file's, or one made up), this once.
 */
export const voipImportResultSchema = z.object({
  rows: z.number().int().nonnegative(),
  imported: z.array(z.object({ dial_id: z.string(), password: z.string() })),
  errors: z.array(voipImportRowErrorSchema),
});
export type VoipImportResult = z.infer<typeof voipImportResultSchema>;

/** The call center form (spec §3, §5.5), its agents in ringing order. */
export const voipCallCenterFormSchema = z.object({
  dial_id: voipDialIdSchema,
  name: requiredTextSchema.max(VOIP_CALL_CENTER_NAME_MAX_LENGTH, 'validation.voipCallCenterName'),
  strategy: z.enum(VOIP_STRATEGIES, { error: 'validation.required' }),
  max_wait: wholeNumberSchema(0, VOIP_MAX_WAIT_SECONDS, 'validation.voipMaxWait'),
  ring_timeout: wholeNumberSchema(
    VOIP_RING_TIMEOUT_MIN_SECONDS,
    VOIP_RING_TIMEOUT_MAX_SECONDS,
    'validation.voipRingTimeout',
  ),
  delay_no_answer: wholeNumberSchema(0, VOIP_DELAY_MAX_SECONDS, 'validation.voipDelay'),
  delay_busy: wholeNumberSchema(0, VOIP_DELAY_MAX_SECONDS, 'validation.voipDelay'),
  delay_reject: wholeNumberSchema(0, VOIP_DELAY_MAX_SECONDS, 'validation.voipDelay'),
  /** Agent phones' ids, in ringing order, none twice. */
  agents: z
    .array(idSchema)
    .max(VOIP_CALL_CENTER_MAX_AGENTS, 'validation.voipAgents')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.voipAgents'),
});
export type VoipCallCenterForm = z.input<typeof voipCallCenterFormSchema>;

export const voipAgentSchema = z.object({
  id: z.number().int(),
  dial_id: z.string(),
  display_name: z.string(),
  status: z.enum(VOIP_EXTENSION_STATUSES),
});
export type VoipAgent = z.infer<typeof voipAgentSchema>;

export const voipCallCenterSchema = z.object({
  id: z.number().int(),
  dial_id: z.string(),
  name: z.string(),
  strategy: z.enum(VOIP_STRATEGIES),
  max_wait: z.number().int(),
  ring_timeout: z.number().int(),
  delay_no_answer: z.number().int(),
  delay_busy: z.number().int(),
  delay_reject: z.number().int(),
  /** Its agents in ringing order. */
  agents: z.array(voipAgentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VoipCallCenter = z.infer<typeof voipCallCenterSchema>;
export const VOIP_CALL_CENTER_FILTERS = {
  dial_id: { like: filterTextSchema(20) },
  name: { like: filterTextSchema(VOIP_CALL_CENTER_NAME_MAX_LENGTH) },
} as const satisfies FilterSpec;
export const VOIP_CALL_CENTER_ORDER_KEYS = ['created_at', 'dial_id', 'name'] as const;

/** One call as the SIP server accounted it. */
export const voipDialRecordSchema = z.object({
  id: z.number().int(),
  caller: z.string(),
  callee: z.string(),
  call_center_id: z.number().int().nullable(),
  /** The call center dialled, kept when it is deleted. */
  call_center_dial_id: z.string().nullable(),
  call_center_name: z.string().nullable(),
  /** The agent who answered a call-center call. */
  agent: z.string().nullable(),
  started_at: z.string(),
  answered_at: z.string().nullable(),
  ended_at: z.string(),
  /** Seconds from answer to end. */
  duration: z.number().int(),
  result: z.enum(VOIP_DIAL_RESULTS),
});
export type VoipDialRecord = z.infer<typeof voipDialRecordSchema>;
export const VOIP_DIAL_RECORD_FILTERS = {
  started_at: { between: z.tuple([instantSchema, instantSchema]), '>=': instantSchema, '<=': instantSchema },
  /** An extension's dial id: the caller, the callee or the agent. */
  extension: { '=': filterTextSchema(20) },
  call_center_id: { '=': idSchema },
  result: { '=': z.enum(VOIP_DIAL_RESULTS) },
} as const satisfies FilterSpec;
export const VOIP_DIAL_RECORD_ORDER_KEYS = ['started_at', 'duration'] as const;
