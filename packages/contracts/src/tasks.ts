/**
 * Device tasks (spec §1 firmware upgrade, configuration, white-list import; §3 Task; §4.3 task and
 * configuration states; issue 16): a task acts on a set of devices, each device's part — its job —
 * going pending → processing → completed or failed on its own. The task's state is its jobs' sum.
 * The device side of a job is in device-jobs.ts.
 */
import { z } from 'zod';
import { FIRMWARE_MAX_BYTES } from './constants.js';
import { DEVICE_FILTERS } from './devices.js';
import { type FilterSpec, instantSchema, whereSchema } from './list.js';

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
    device_ids: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .min(1, 'validation.selectDevices')
      .max(TASK_MAX_DEVICES),
  }),
  z.object({ group_id: z.number().int().min(0).max(2_147_483_647) }),
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
  firmware_id: z.number().int().min(1).max(2_147_483_647),
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
export const taskIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST tasks/{id}/retry: the failed jobs of these devices (all failed ones when absent) start again. */
export const retryTaskBodySchema = z.object({
  device_ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(TASK_MAX_DEVICES).optional(),
});
export type RetryTaskBody = z.input<typeof retryTaskBodySchema>;
