/**
 * Device tasks (spec §1 firmware upgrade, configuration, white-list import; §3 Task; §4.3 task and
 * configuration states; issue 16): a task acts on a set of devices, each device's part — its job —
 * going pending → processing → completed or failed on its own. The task's state is its jobs' sum.
 * The device side of a job is in device-jobs.ts.
 */
import { z } from 'zod';
import { FIRMWARE_MAX_BYTES } from './constants.js';
import { WHITELIST_KINDS } from './device-jobs.js';
import { DEVICE_FILTERS } from './devices.js';
import { idOrZeroSchema, idParamsSchema, idSchema } from './ids.js';
import { type FilterSpec, instantSchema, whereSchema } from './list.js';
import { wholeNumberSchema } from './validators.js';

export const TASK_TYPES = ['firmware_upgrade', 'configuration', 'whitelist'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** A task's and a job's state (spec §4.3 Task). */
export const TASK_STATES = ['pending', 'processing', 'completed', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * A configuration job's state, as spec §4.3 names it: pending is "not applied", processing
 * "applying", completed "applied"; failed stays failed.
 */
export const CONFIGURATION_STATE_NAMES = {
  pending: 'not_applied',
  processing: 'applying',
  completed: 'applied',
  failed: 'failed',
} as const satisfies Record<TaskState, string>;

/**
 * Why a job failed, when the server decided it (a device's own reasons — `md5_mismatch`,
 * `download_failed`, … — come as it said them): `timeout` (no end within the task's device
 * timeout), `offline` (the device never came online before the task's deadline), `cancelled` (the
 * task was cancelled before the device started), `unbound` (the device left the company).
 */
export const JOB_SERVER_REASONS = ['timeout', 'offline', 'cancelled', 'unbound'] as const;

/** The buttons of page device_maintenance each task type needs (spec §2.3, §6). */
export const TASK_BUTTONS = {
  firmware_upgrade: 'upgrade',
  configuration: 'config',
  whitelist: 'whitelist',
} as const satisfies Record<TaskType, string>;

// ---- firmware packages ---------------------------------------------------------------------------

export const FIRMWARE_VERSION_MAX_LENGTH = 32;
export const FIRMWARE_MODEL_MAX_LENGTH = 64;
export const FIRMWARE_NOTES_MAX_LENGTH = 2000;

/** `V5.3.0`, `5.3.0-build42`: letters, digits, dots, hyphens and underscores. */
export const firmwareVersionSchema = z
  .string({ error: 'validation.firmwareVersion' })
  .trim()
  .min(1, 'validation.firmwareVersion')
  .max(FIRMWARE_VERSION_MAX_LENGTH, 'validation.firmwareVersion')
  .regex(/^[A-Za-z0-9._-]+$/, 'validation.firmwareVersion');

/** `firmware/{companyId}_{md5}.bin`: where an uploaded package is kept. */
export const FIRMWARE_PATH_PATTERN = /^firmware\/[1-9]\d{0,9}_[0-9a-f]{32}\.bin$/;

/** POST firmware/token: an upload token for a package of `size` bytes (at most 100 MB). */
export const firmwareTokenBodySchema = z.object({
  name: z.string().regex(FIRMWARE_PATH_PATTERN, 'validation.objectPath'),
  size: z.number().int().positive().max(FIRMWARE_MAX_BYTES, 'validation.firmwareSize'),
});
export type FirmwareTokenBody = z.input<typeof firmwareTokenBodySchema>;

/** POST firmware: records an uploaded package (its md5 was checked on upload). */
export const createFirmwareBodySchema = z.object({
  path: z.string().regex(FIRMWARE_PATH_PATTERN, 'validation.objectPath'),
  model: z
    .string({ error: 'validation.firmwareModel' })
    .trim()
    .min(1, 'validation.firmwareModel')
    .max(FIRMWARE_MODEL_MAX_LENGTH, 'validation.firmwareModel'),
  version: firmwareVersionSchema,
  release_notes: z.string().trim().max(FIRMWARE_NOTES_MAX_LENGTH, 'validation.releaseNotes').default(''),
});
export type CreateFirmwareBody = z.input<typeof createFirmwareBodySchema>;

export const firmwareSchema = z.object({
  id: z.number().int(),
  model: z.string(),
  version: z.string(),
  release_notes: z.string(),
  size: z.number().int(),
  md5: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Firmware = z.infer<typeof firmwareSchema>;
/** GET firmware: the company's packages, newest first. */
export const firmwareListSchema = z.object({ items: z.array(firmwareSchema) });

// ---- tasks ---------------------------------------------------------------------------------------

/** Hours a task waits for an offline device before failing it `offline`. */
export const TASK_DEADLINE_HOURS = { min: 1, max: 720, default: 24 } as const;
/** Minutes one device's job may take once started before failing `timeout`. */
export const JOB_TIMEOUT_MINUTES = { min: 1, max: 120, default: 15 } as const;
/** Devices one task may hold. */
export const TASK_MAX_DEVICES = 10_000;

/**
 * Which devices a task acts on: the selected ones, a group's, or those of a device-list filter (the
 * same `wheres` as GET devices) — always within the caller's scope, and never a downstream
 * company's (spec §6).
 */
export const taskTargetSchema = z.union([
  z.object({
    device_ids: z.array(idSchema).min(1, 'validation.selectDevices').max(TASK_MAX_DEVICES),
  }),
  z.object({ group_id: idOrZeroSchema }),
  z.object({ wheres: z.array(whereSchema).max(16) }),
]);
export type TaskTarget = z.infer<typeof taskTargetSchema>;

const taskTimingSchema = {
  deadline_hours: z
    .number()
    .int()
    .min(TASK_DEADLINE_HOURS.min)
    .max(TASK_DEADLINE_HOURS.max)
    .default(TASK_DEADLINE_HOURS.default),
  timeout_minutes: z
    .number()
    .int()
    .min(JOB_TIMEOUT_MINUTES.min)
    .max(JOB_TIMEOUT_MINUTES.max)
    .default(JOB_TIMEOUT_MINUTES.default),
};

/** POST tasks/firmware_upgrade. */
export const createUpgradeTaskBodySchema = z.object({
  firmware_id: idSchema,
  target: taskTargetSchema,
  ...taskTimingSchema,
});
export type CreateUpgradeTaskBody = z.input<typeof createUpgradeTaskBodySchema>;

/** Jobs of a task by state. */
export const taskCountsSchema = z.object(
  Object.fromEntries(TASK_STATES.map((state) => [state, z.number().int().nonnegative()])) as Record<
    TaskState,
    z.ZodNumber
  >,
);
export type TaskCounts = z.infer<typeof taskCountsSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  type: z.enum(TASK_TYPES),
  /** pending: no job started; processing: some not ended; completed: all completed; failed: all ended, some failed. */
  state: z.enum(TASK_STATES),
  /** What it applies: the package's model and version, the template's name, the list's name. */
  subject: z.string(),
  counts: taskCountsSchema,
  total: z.number().int().nonnegative(),
  /** 0–100: the jobs' progress, an ended job counting 100. */
  progress: z.number().min(0).max(100),
  /** Who created it (nickname, else phone). */
  created_by: z.string(),
  created_at: z.string(),
  deadline_at: z.string(),
  timeout_minutes: z.number().int(),
  /** Set once cancelled: jobs not started then failed `cancelled`. */
  cancelled_at: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** One device's job of a task. */
export const taskJobSchema = z.object({
  device_id: z.number().int(),
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  state: z.enum(TASK_STATES),
  progress: z.number().min(0).max(100),
  /** Why it failed: a server reason (JOB_SERVER_REASONS) or the device's; null otherwise. */
  reason: z.string().nullable(),
  /** The device's own words on its failure, as it said them (not translated); null otherwise. */
  message: z.string().nullable(),
  /** The device's answer when it ended (new firmware version, applied configuration, …). */
  result: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number().int().nonnegative(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type TaskJob = z.infer<typeof taskJobSchema>;

export const TASK_FILTERS = {
  type: { '=': z.enum(TASK_TYPES) },
  state: { '=': z.enum(TASK_STATES) },
  created_at: { between: z.tuple([instantSchema, instantSchema]) },
} as const satisfies FilterSpec;

export const TASK_JOB_FILTERS = {
  state: { '=': z.enum(TASK_STATES) },
  sn: DEVICE_FILTERS.sn,
} as const satisfies FilterSpec;

/** `{id}` of tasks/{id} and firmware/{id}. */
export const taskIdParamsSchema = idParamsSchema;

/** POST tasks/{id}/retry: the failed jobs of these devices (all failed ones when absent) start again. */
export const retryTaskBodySchema = z.object({
  device_ids: z.array(idSchema).min(1).max(TASK_MAX_DEVICES).optional(),
});
export type RetryTaskBody = z.input<typeof retryTaskBodySchema>;

// ---- configuration templates (spec §1 configuration, §4.3 configuration states) ----------------

export const CONFIG_TEMPLATE_NAME_MAX_LENGTH = 50;
export const OSD_TEXT_MAX_LENGTH = 32;
const percent = (message: string) => wholeNumberSchema(0, 100, message);
const ipv4 = z.ipv4({ error: 'validation.ipv4' });

/**
 * What a configuration sets on a device, by section: image, on-screen display, network, storage.
 * A template sets some fields of some sections; a device keeps the fields it is not sent.
 */
export const DEVICE_CONFIG_SECTIONS = {
  image: z
    .object({
      brightness: percent('validation.percent'),
      contrast: percent('validation.percent'),
      saturation: percent('validation.percent'),
      sharpness: percent('validation.percent'),
      day_night: z.enum(['auto', 'day', 'night']),
      wdr: z.boolean(),
    })
    .partial()
    .strict(),
  osd: z
    .object({
      show_time: z.boolean(),
      show_name: z.boolean(),
      text: z.string().trim().max(OSD_TEXT_MAX_LENGTH, 'validation.osdText'),
      position: z.enum(['top_left', 'top_right', 'bottom_left', 'bottom_right']),
    })
    .partial()
    .strict(),
  network: z
    .object({ dhcp: z.boolean(), ip: ipv4, mask: ipv4, gateway: ipv4, dns: ipv4 })
    .partial()
    .strict()
    // A fixed address needs its address, mask and gateway.
    .refine((network) => network.dhcp !== false || (network.ip && network.mask && network.gateway), {
      message: 'validation.staticAddress',
    }),
  storage: z
    .object({
      overwrite: z.boolean(),
      record_mode: z.enum(['continuous', 'motion', 'schedule', 'off']),
      retention_days: z
        .number()
        .int()
        .min(1, 'validation.retentionDays')
        .max(365, 'validation.retentionDays'),
    })
    .partial()
    .strict(),
} as const;
export type DeviceConfigSection = keyof typeof DEVICE_CONFIG_SECTIONS;

export const deviceConfigSchema = z
  .object({
    image: DEVICE_CONFIG_SECTIONS.image.optional(),
    osd: DEVICE_CONFIG_SECTIONS.osd.optional(),
    network: DEVICE_CONFIG_SECTIONS.network.optional(),
    storage: DEVICE_CONFIG_SECTIONS.storage.optional(),
  })
  .strict()
  .refine((config) => Object.values(config).some((section) => section && Object.keys(section).length > 0), {
    message: 'validation.configEmpty',
  });
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/** POST / PUT config_templates: a named configuration, for one model or ('') every model. */
export const configTemplateBodySchema = z.object({
  name: z
    .string({ error: 'validation.templateName' })
    .trim()
    .min(1, 'validation.templateName')
    .max(CONFIG_TEMPLATE_NAME_MAX_LENGTH, 'validation.templateName'),
  model: z.string().trim().max(FIRMWARE_MODEL_MAX_LENGTH, 'validation.firmwareModel').default(''),
  config: deviceConfigSchema,
});
export type ConfigTemplateBody = z.input<typeof configTemplateBodySchema>;

export const configTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** '' for every model. */
  model: z.string(),
  config: z.record(z.string(), z.record(z.string(), z.unknown())),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConfigTemplate = z.infer<typeof configTemplateSchema>;
/** GET config_templates: the company's templates, by name. */
export const configTemplateListSchema = z.object({ items: z.array(configTemplateSchema) });

/** POST tasks/configuration: a template applied to the target's devices (of its model, if it has one). */
export const createConfigurationTaskBodySchema = z.object({
  template_id: idSchema,
  target: taskTargetSchema,
  ...taskTimingSchema,
});
export type CreateConfigurationTaskBody = z.input<typeof createConfigurationTaskBodySchema>;

// ---- white lists (spec §1 white-list import) ------------------------------------------------------

/** Entries one white list holds at most. */
export const WHITELIST_MAX_ENTRIES = 10_000;
/** The largest white-list workbook, in bytes. */
export const WHITELIST_MAX_BYTES = 5 * 1024 * 1024;
export const WHITELIST_NAME_MAX_LENGTH = 50;
/** The column of a white-list workbook: one entry per row under the header `value`. */
export const WHITELIST_COLUMNS = ['value', 'remark'] as const;

/**
 * A mainland number plate: a province character, a letter, then 5 letters or digits (6 for a
 * new-energy vehicle); letters upper case, without I and O. A card: 4 to 20 hex digits.
 */
export const WHITELIST_ENTRY_PATTERNS = {
  plate: /^[\u4e00-\u9fa5][A-HJ-NP-Z][A-HJ-NP-Z0-9]{5,6}$/,
  card: /^[0-9A-F]{4,20}$/,
} as const;

/** Why a white-list row is refused: empty, not of the list's form, or already on an earlier row. */
export const WHITELIST_ROW_ERRORS = ['missing', 'format', 'duplicate'] as const;
export type WhitelistRowError = (typeof WHITELIST_ROW_ERRORS)[number];

/** POST tasks/whitelist/check (multipart file, list): the workbook's entries and its refused rows. */
export const whitelistCheckSchema = z.object({
  entries: z.array(z.string()),
  errors: z.array(z.object({ row: z.number().int(), value: z.string(), code: z.enum(WHITELIST_ROW_ERRORS) })),
});
export type WhitelistCheck = z.infer<typeof whitelistCheckSchema>;

/** POST tasks/whitelist: a white list (checked entries) pushed to the target's devices. */
export const createWhitelistTaskBodySchema = z.object({
  list: z.enum(WHITELIST_KINDS),
  name: z
    .string({ error: 'validation.whitelistName' })
    .trim()
    .min(1, 'validation.whitelistName')
    .max(WHITELIST_NAME_MAX_LENGTH, 'validation.whitelistName'),
  entries: z.array(z.string()).min(1, 'validation.whitelistEmpty').max(WHITELIST_MAX_ENTRIES),
  target: taskTargetSchema,
  ...taskTimingSchema,
});
export type CreateWhitelistTaskBody = z.input<typeof createWhitelistTaskBodySchema>;
