/**
 * The tables of the device job engine (modules/tasks engine.ts): tasks and each device's job of a
 * task. Here beside the fleet's tables because more than one module's jobs run on them — the
 * device maintenance tasks' and the algorithm mall's licences — and a module's face exports no table.
 */
import type { JobType, TaskState } from '@vap/contracts';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyKeys, createdAt, timestamptz, users } from './schema.js';

export const tasks = pgTable(
  'tasks',
  {
    ...companyKeys(),
    type: text('type').$type<JobType>().notNull(),
    /** What it applies, for the list: the package's model and version, the template's name, … */
    subject: text('subject').notNull(),
    /**
     * What every job sends besides its download URL: the firmware package's id, the configuration,
     * the white list. Fixed at creation, so that a later edit of a template changes no running task.
     */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Jobs still pending then fail `offline`. */
    deadlineAt: timestamptz('deadline_at').notNull(),
    /** Minutes a started job may take. */
    /** Hours an offline device is waited for; a retry waits as long again. */
    deadlineHours: integer('deadline_hours').notNull(),
    timeoutMinutes: integer('timeout_minutes').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (table) => [index('tasks_company_created').on(table.companyId, table.createdAt)],
);

/**
 * One device's part of a task (engine.ts). `job_key` is the id its command carries, new for each
 * attempt: a device that hears a key again answers how that job stands instead of starting it over.
 * `lease_until` is when the engine asks the device again if it heard nothing: after a restart, or a
 * lost message, a job is never left processing for good nor started twice.
 */
export const taskJobs = pgTable(
  'task_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').notNull(),
    /** Kept: the device may be unbound meanwhile, and its serial still says which it was. */
    sn: text('sn').notNull(),
    state: text('state').$type<TaskState>().notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    reason: text('reason'),
    message: text('message'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    jobKey: text('job_key'),
    leaseUntil: timestamptz('lease_until'),
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [
    uniqueIndex('task_jobs_task_device').on(table.taskId, table.deviceId),
    uniqueIndex('task_jobs_job_key').on(table.jobKey),
    // The engine's walks: pending jobs to start, processing ones to ask again or time out.
    index('task_jobs_state_lease').on(table.state, table.leaseUntil),
  ],
);

/**
 * The columns of a table of a thing's deliveries, one row per device it is published to (modules/
 * tasks published.ts `DeliveriesTable`): the engine's job carries it (task_jobs: its state, reason,
 * attempts); publishing it to the device again gives the delivery a new job.
 */
export const deliveryColumns = () => ({
  ...companyKeys(),
  /** The device while bound to the company; its serial says which it was once it is not. */
  deviceId: integer('device_id'),
  sn: text('sn').notNull(),
  jobId: bigint('job_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
