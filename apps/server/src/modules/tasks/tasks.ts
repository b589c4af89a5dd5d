/**
 * The company's device tasks (spec §3 Task, §4.3; issue 16): creating one fixes what it applies
 * and which devices it acts on (one pending job each); its state is the sum of its jobs'. The job
 * engine (engine.ts) carries the jobs; retry and cancel go through it.
 */
import {
  type createConfigurationTaskBodySchema,
  type createUpgradeTaskBodySchema,
  type createWhitelistTaskBodySchema,
  type ErrorCode,
  TASK_FILTERS,
  TASK_JOB_FILTERS,
  TASK_MAX_DEVICES,
  TASK_TYPES,
  type Task,
  type TaskCounts,
  type TaskJob,
  type TaskState,
  type TaskTarget,
  type TaskType,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Permissions } from '../../core/auth/permissions.js';
import { companyOf } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { companyRow } from '../../core/db/company-rows.js';
import { devices } from '../../core/db/devices.js';
import { taskJobs, tasks } from '../../core/db/jobs.js';
import { users } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { pageOf, whereOf } from '../../core/http/list-sql.js';
import { type DeviceAction, targetDevices } from '../devices/index.js';
import type { JobEngine } from './engine.js';
import type { FirmwarePackages } from './firmware.js';
import type { UpgradePayload } from './kinds.js';
import { maintenance } from './schema.js';
import type { ConfigTemplates } from './templates.js';
import { checkedEntries } from './whitelist.js';

type TaskRow = typeof tasks.$inferSelect;

const taskFilters = whereOf(TASK_FILTERS, {
  type: tasks.type,
  state: ({ v }) => stateCondition(v),
  created_at: tasks.createdAt,
});
const jobFilters = whereOf(TASK_JOB_FILTERS, { state: taskJobs.state, sn: taskJobs.sn });
/** What a task does to a device: a downstream company's device refuses it by this name. */
const TASK_ACTIONS: Record<TaskType, DeviceAction> = {
  firmware_upgrade: 'upgrade',
  configuration: 'configure',
  whitelist: 'whitelist',
};
const isMaintenanceTask = (type: string): type is TaskType =>
  (TASK_TYPES as readonly string[]).includes(type);
const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** A task's state from its jobs' counts (spec §4.3). */
export function taskStateOf(counts: TaskCounts): TaskState {
  const total = counts.pending + counts.processing + counts.completed + counts.failed;
  if (counts.pending + counts.processing > 0)
    return counts.processing + counts.completed + counts.failed > 0 ? 'processing' : 'pending';
  return counts.failed > 0 || total === 0 ? 'failed' : 'completed';
}

export class Tasks {
  constructor(
    private readonly db: Db,
    private readonly firmware: FirmwarePackages,
    private readonly templates: ConfigTemplates,
    private readonly engine: JobEngine,
    private readonly now: () => number = Date.now,
  ) {}

  /** A firmware upgrade of the target's devices of the package's model. */
  async createUpgrade(
    caller: Permissions,
    body: z.output<typeof createUpgradeTaskBodySchema>,
    trail: AuditTrail,
  ) {
    const firmware = await this.firmware.find(companyOf(caller), body.firmware_id);
    const payload: UpgradePayload = {
      firmware_id: firmware.id,
      path: firmware.path,
      md5: firmware.md5,
      size: firmware.size,
      version: firmware.version,
      model: firmware.model,
    };
    return this.create(caller, body, trail, {
      type: 'firmware_upgrade',
      subject: `${firmware.model} ${firmware.version}`,
      payload: payload as unknown as Record<string, unknown>,
      model: firmware.model,
      mismatch: 'firmware_model_mismatch',
      none: 'errors.task_no_devices_of_package_model',
    });
  }

  /** A configuration template applied to the target's devices (of its model, if it names one). */
  async createConfiguration(
    caller: Permissions,
    body: z.output<typeof createConfigurationTaskBodySchema>,
    trail: AuditTrail,
  ) {
    const template = await this.templates.find(companyOf(caller), body.template_id);
    return this.create(caller, body, trail, {
      type: 'configuration',
      subject: template.name,
      // The configuration as it is now: a later edit of the template changes no task.
      payload: { template_id: template.id, name: template.name, config: template.config },
      model: template.model || null,
      mismatch: 'template_model_mismatch',
      none: template.model ? 'errors.task_no_devices_of_template_model' : 'errors.task_no_devices',
    });
  }

  /** A white list pushed to the target's devices. */
  async createWhitelist(
    caller: Permissions,
    body: z.output<typeof createWhitelistTaskBodySchema>,
    trail: AuditTrail,
  ) {
    const entries = checkedEntries(body.list, body.entries);
    return this.create(caller, body, trail, {
      type: 'whitelist',
      subject: body.name,
      payload: { list: body.list, name: body.name, entries },
      model: null,
      mismatch: 'task_no_devices',
      none: 'errors.task_no_devices',
    });
  }

  /**
   * A task of the target's devices (of `model` when given), one pending job each, its payload
   * fixed now. Chosen one by one, a device of another model is a mistake to say (`mismatch`); in a
   * group or a filter it is simply not this task's.
   */
  private async create(
    caller: Permissions,
    body: { target: TaskTarget; deadline_hours: number; timeout_minutes: number },
    trail: AuditTrail,
    spec: {
      type: TaskType;
      subject: string;
      payload: Record<string, unknown>;
      model: string | null;
      mismatch: ErrorCode;
      /** The message of a target with no device of the task (of `model` when given). */
      none: string;
    },
  ): Promise<Task> {
    const companyId = companyOf(caller);
    const found = await targetDevices(
      this.db,
      caller,
      body.target,
      TASK_MAX_DEVICES,
      TASK_ACTIONS[spec.type],
    );
    if (found.length > TASK_MAX_DEVICES) throw new ApiError(400, 'task_too_many_devices');
    const matching = spec.model === null ? found : found.filter((device) => device.model === spec.model);
    if ('device_ids' in body.target && matching.length < found.length) throw new ApiError(400, spec.mismatch);
    if (matching.length === 0) throw new ApiError(400, 'task_no_devices', spec.none);
    const id = await this.db.transaction(async (tx) => {
      const { taskId } = await this.engine.enqueue(
        tx,
        {
          companyId,
          type: spec.type,
          subject: spec.subject,
          payload: spec.payload,
          createdBy: caller.userId,
          deadlineHours: body.deadline_hours,
          timeoutMinutes: body.timeout_minutes,
        },
        matching,
      );
      await trail.record(tx, {
        action: 'task.create',
        target: { type: 'task', id: taskId },
        after: { type: spec.type, subject: spec.subject, devices: matching.length },
      });
      return taskId;
    });
    void this.engine.tick();
    return this.detail(companyId, id);
  }

  private async owned(companyId: number, id: number): Promise<TaskRow> {
    const row = await companyRow(this.db, tasks, companyId, id);
    // The algorithm mall's licence jobs are its pages', not this list's.
    if (!isMaintenanceTask(row.type)) throw new ApiError(404, 'not_found');
    return row;
  }

  /** The tasks' job counts and progress, by task. */
  private async sums(ids: readonly number[]) {
    const sums = new Map<number, { counts: TaskCounts; progress: number }>();
    if (ids.length === 0) return sums;
    const rows = await this.db
      .select({
        taskId: taskJobs.taskId,
        state: taskJobs.state,
        n: sql<number>`count(*)::int`,
        progress: sql<number>`coalesce(sum(case when ${taskJobs.state} in ('completed', 'failed') then 100 else ${taskJobs.progress} end), 0)::float8`,
      })
      .from(taskJobs)
      .where(inArray(taskJobs.taskId, [...ids]))
      .groupBy(taskJobs.taskId, taskJobs.state);
    for (const id of ids)
      sums.set(id, { counts: { pending: 0, processing: 0, completed: 0, failed: 0 }, progress: 0 });
    for (const row of rows) {
      const sum = sums.get(row.taskId);
      if (!sum) continue;
      sum.counts[row.state] = Number(row.n);
      sum.progress += Number(row.progress);
    }
    return sums;
  }

  private async toTasks(rows: readonly (TaskRow & { creator: string | null })[]): Promise<Task[]> {
    const sums = await this.sums(rows.map((row) => row.id));
    return rows.map((row) => {
      const sum = sums.get(row.id) ?? {
        counts: { pending: 0, processing: 0, completed: 0, failed: 0 },
        progress: 0,
      };
      const total = sum.counts.pending + sum.counts.processing + sum.counts.completed + sum.counts.failed;
      return {
        id: row.id,
        type: row.type as TaskType,
        state: taskStateOf(sum.counts),
        subject: row.subject,
        counts: sum.counts,
        total,
        progress: total === 0 ? 0 : Math.round((sum.progress / total) * 10) / 10,
        created_by: row.creator ?? '',
        created_at: row.createdAt.toISOString(),
        deadline_at: row.deadlineAt.toISOString(),
        timeout_minutes: row.timeoutMinutes,
        cancelled_at: iso(row.cancelledAt),
      };
    });
  }

  private selectTasks() {
    return this.db
      .select({
        task: tasks,
        creator: sql<string | null>`coalesce(nullif(${users.nickname}, ''), ${users.phone})`,
      })
      .from(tasks)
      .leftJoin(users, eq(users.id, tasks.createdBy));
  }

  async detail(companyId: number, id: number): Promise<Task> {
    const [row] = await this.selectTasks().where(
      and(eq(tasks.id, id), eq(tasks.companyId, companyId), maintenance),
    );
    if (!row) throw new ApiError(404, 'not_found');
    const [task] = await this.toTasks([{ ...row.task, creator: row.creator }]);
    if (!task) throw new ApiError(404, 'not_found');
    return task;
  }

  /**
   * A page of the company's tasks, newest first. The state filter is on the jobs' sums: a task is
   * pending, processing, completed or failed by what its jobs are now.
   */
  async list(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<{ items: Task[]; total: number }> {
    const where = and(eq(tasks.companyId, companyId), maintenance, taskFilters(query.wheres));
    const { items, total } = await pageOf(
      query,
      this.selectTasks().where(where).orderBy(desc(tasks.createdAt), desc(tasks.id)),
      this.db.select({ total: count() }).from(tasks).where(where),
    );
    return { items: await this.toTasks(items.map((row) => ({ ...row.task, creator: row.creator }))), total };
  }

  /** A page of a task's jobs, in device order. */
  async jobs(
    companyId: number,
    id: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<{ items: TaskJob[]; total: number }> {
    await this.owned(companyId, id);
    const where = and(eq(taskJobs.taskId, id), jobFilters(query.wheres));
    const { items, total } = await pageOf(
      query,
      this.db
        .select({ job: taskJobs, name: devices.name, model: devices.model })
        .from(taskJobs)
        .leftJoin(devices, eq(devices.id, taskJobs.deviceId))
        .where(where)
        .orderBy(taskJobs.id),
      this.db.select({ total: count() }).from(taskJobs).where(where),
    );
    return {
      items: items.map(({ job, name, model }) => ({
        device_id: job.deviceId,
        sn: job.sn,
        name: name ?? '',
        model: model ?? '',
        state: job.state,
        progress: job.state === 'completed' ? 100 : job.progress,
        reason: job.reason,
        message: job.message,
        result: job.result,
        attempts: job.attempts,
        started_at: iso(job.startedAt),
        ended_at: iso(job.endedAt),
      })),
      total,
    };
  }

  /** Every job of a task, in device order, read a thousand at a time (the export). */
  async *allJobs(companyId: number, id: number): AsyncGenerator<TaskJob> {
    await this.owned(companyId, id);
    for (let page = 1; ; page++) {
      const { items } = await this.jobs(companyId, id, { page, size: 1000, wheres: [] });
      yield* items;
      if (items.length < 1000) return;
    }
  }

  /** Failed jobs (of these devices, or all) start again; answers the task. */
  async retry(companyId: number, id: number, deviceIds: readonly number[] | undefined, trail: AuditTrail) {
    const task = await this.owned(companyId, id);
    if (task.cancelledAt) throw new ApiError(409, 'task_cancelled');
    await this.engine.retry(id, deviceIds, (tx, retried) =>
      trail.record(tx, {
        action: 'task.retry',
        target: { type: 'task', id },
        after: { retried, device_ids: deviceIds ?? null },
      }),
    );
    void this.engine.tick();
    return this.detail(companyId, id);
  }

  /** Jobs not started fail `cancelled`; started ones run to their end. Answers the task. */
  async cancel(companyId: number, id: number, trail: AuditTrail) {
    const task = await this.owned(companyId, id);
    if (task.cancelledAt) throw new ApiError(409, 'task_cancelled');
    await this.engine.cancel(id, (tx, cancelled) =>
      trail.record(tx, { action: 'task.cancel', target: { type: 'task', id }, after: { cancelled } }),
    );
    return this.detail(companyId, id);
  }
}

/** Tasks in a state, by their jobs (taskStateOf as SQL). */
function stateCondition(state: TaskState): SQL {
  const has = (states: string[]) =>
    sql`exists (select 1 from ${taskJobs} where ${taskJobs.taskId} = ${tasks.id} and ${taskJobs.state} in (${sql.join(
      states.map((value) => sql`${value}`),
      sql`, `,
    )}))`;
  switch (state) {
    case 'pending':
      return sql`(${has(['pending'])} and not ${has(['processing', 'completed', 'failed'])})`;
    case 'processing':
      return sql`(${has(['pending', 'processing'])} and ${has(['processing', 'completed', 'failed'])})`;
    case 'completed':
      return sql`(not ${has(['pending', 'processing', 'failed'])})`;
    case 'failed':
      return sql`(not ${has(['pending', 'processing'])} and ${has(['failed'])})`;
  }
}
