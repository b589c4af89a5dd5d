/**
 * The job engine of device tasks (issue 16): every server runs one; together they carry each job —
 * one device's part of a task — from pending to completed or failed, through the database alone,
 * so that a restart or a node's crash loses nothing and starts nothing twice.
 *
 * Each tick (every second):
 * 1. jobs whose device left the company fail `unbound`; pending jobs past their task's deadline
 *    fail `offline`; processing jobs past their timeout fail `timeout`;
 * 2. pending jobs of online devices are claimed (`FOR UPDATE SKIP LOCKED`: two nodes never claim
 *    one job), set processing under a new job key, and their commands sent over MQTT;
 * 3. processing jobs whose lease ran out — nothing heard from the device for LEASE_MS: the server
 *    restarted, a node died, a message was lost — are claimed again and their command sent again
 *    under the same key. A device that knows the key answers how the job stands rather than
 *    starting it over (docs/mqtt.md, "Jobs").
 *
 * Reports come from the devices on `up/reply` and `up/job` (reports.ts), to the node the device is
 * connected to; each moves the job only from the state it expects, so a late or repeated report
 * changes nothing — save a completion after the job's timeout, which the device did reach.
 */
import type { JobReport, TaskType } from '@vap/contracts';
import { and, eq, inArray, isNotNull, lt, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { taskJobs, tasks } from './schema.js';

/** How long a started job goes without word from its device before the device is asked again. */
export const LEASE_MS = 30_000;
export const TICK_MS = 1000;
/** Jobs claimed per tick. */
const CLAIM_BATCH = 200;

export interface JobCommand {
  name: string;
  args: Record<string, unknown>;
}

/** What the engine needs of each task type. */
export interface JobKind {
  /** The command a job of this task sends its device. */
  command(task: { id: number; payload: Record<string, unknown> }): Promise<JobCommand>;
  /** What a completed job changes besides itself, in its transaction (a new firmware version). */
  completed?(
    tx: Db,
    job: { deviceId: number; payload: Record<string, unknown>; result: Record<string, unknown> },
  ): Promise<void>;
}

/** Sends a command to a device wherever it is connected (the broker). */
export type SendCommand = (sn: string, command: JobCommand & { id: string }) => Promise<void>;

export interface EngineLog {
  warn(object: object, message: string): void;
}

/** `job-{task}-{device}-{attempt}`: the id of a job's command; other commands' ids never start so. */
export const JOB_KEY_PREFIX = 'job-';

type Claimed = { id: number; taskId: number; sn: string; jobKey: string };

export class JobEngine {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly kinds: Readonly<Record<TaskType, JobKind>>,
    private readonly send: SendCommand,
    private readonly log: EngineLog,
    private readonly now: () => number = Date.now,
  ) {}

  start(tickMs = TICK_MS) {
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
  }

  /** Stops ticking; resolves once a tick under way has ended. */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /**
   * One pass, begun after this call: while one is under way (it may have read the jobs before the
   * caller's change), the next follows it — one, however many ask meanwhile.
   */
  tick(): Promise<void> {
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = undefined;
        return this.tick();
      });
      return this.next;
    }
    this.running = this.pass()
      .catch((error: unknown) => this.log.warn({ err: error }, 'task engine pass failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async pass() {
    await this.expire();
    await this.dispatch(await this.claimPending());
    await this.dispatch(await this.claimSilent());
  }

  /** Jobs that can no longer run end failed, each with its reason. */
  private async expire() {
    const now = new Date(this.now());
    const end = (reason: string) => ({
      state: 'failed' as const,
      reason,
      endedAt: now,
      leaseUntil: null,
    });
    const notEnded = inArray(taskJobs.state, ['pending', 'processing']);
    // Unbound, or bound to another company since.
    await this.db
      .update(taskJobs)
      .set(end('unbound'))
      .where(
        and(
          notEnded,
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(devices)
              .innerJoin(tasks, eq(tasks.id, taskJobs.taskId))
              .where(and(eq(devices.id, taskJobs.deviceId), eq(devices.companyId, tasks.companyId))),
          ),
        ),
      );
    await this.db
      .update(taskJobs)
      .set(end('offline'))
      .where(
        and(
          eq(taskJobs.state, 'pending'),
          inArray(
            taskJobs.taskId,
            this.db.select({ id: tasks.id }).from(tasks).where(lte(tasks.deadlineAt, now)),
          ),
        ),
      );
    await this.db
      .update(taskJobs)
      .set(end('timeout'))
      .where(
        and(
          eq(taskJobs.state, 'processing'),
          sql`${taskJobs.startedAt} + make_interval(mins => (select ${tasks.timeoutMinutes} from ${tasks} where ${tasks.id} = ${taskJobs.taskId})) <= ${now.toISOString()}::timestamptz`,
        ),
      );
  }

  /** Pending jobs of online devices become processing, each under a new key. */
  private async claimPending(): Promise<Claimed[]> {
    const now = new Date(this.now());
    const lease = new Date(this.now() + LEASE_MS);
    const claimable = this.db
      .select({ id: taskJobs.id })
      .from(taskJobs)
      .innerJoin(devices, eq(devices.id, taskJobs.deviceId))
      .innerJoin(tasks, eq(tasks.id, taskJobs.taskId))
      .where(
        and(eq(taskJobs.state, 'pending'), eq(devices.status, 'online'), sql`${tasks.cancelledAt} is null`),
      )
      .orderBy(taskJobs.id)
      .limit(CLAIM_BATCH)
      .for('update', { of: taskJobs, skipLocked: true });
    const rows = await this.db
      .update(taskJobs)
      .set({
        state: 'processing',
        progress: 0,
        attempts: sql`${taskJobs.attempts} + 1`,
        jobKey: sql`${JOB_KEY_PREFIX} || ${taskJobs.taskId} || '-' || ${taskJobs.deviceId} || '-' || (${taskJobs.attempts} + 1)`,
        startedAt: now,
        leaseUntil: lease,
      })
      .where(inArray(taskJobs.id, claimable))
      .returning({ id: taskJobs.id, taskId: taskJobs.taskId, sn: taskJobs.sn, jobKey: taskJobs.jobKey });
    return rows.filter((row): row is Claimed => row.jobKey !== null);
  }

  /** Processing jobs not heard of for a lease, on online devices: their leases renewed. */
  private async claimSilent(): Promise<Claimed[]> {
    const now = new Date(this.now());
    const silent = this.db
      .select({ id: taskJobs.id })
      .from(taskJobs)
      .innerJoin(devices, eq(devices.id, taskJobs.deviceId))
      .where(
        and(eq(taskJobs.state, 'processing'), lt(taskJobs.leaseUntil, now), eq(devices.status, 'online')),
      )
      .orderBy(taskJobs.id)
      .limit(CLAIM_BATCH)
      .for('update', { of: taskJobs, skipLocked: true });
    const rows = await this.db
      .update(taskJobs)
      .set({ leaseUntil: new Date(this.now() + LEASE_MS) })
      .where(and(inArray(taskJobs.id, silent), isNotNull(taskJobs.jobKey)))
      .returning({ id: taskJobs.id, taskId: taskJobs.taskId, sn: taskJobs.sn, jobKey: taskJobs.jobKey });
    return rows.filter((row): row is Claimed => row.jobKey !== null);
  }

  /** Sends each claimed job's command; one task's command is made once per pass. */
  private async dispatch(claimed: readonly Claimed[]) {
    if (claimed.length === 0) return;
    const taskIds = [...new Set(claimed.map((job) => job.taskId))];
    const rows = await this.db
      .select({ id: tasks.id, type: tasks.type, payload: tasks.payload })
      .from(tasks)
      .where(inArray(tasks.id, taskIds));
    const commands = new Map<number, JobCommand>();
    for (const task of rows) commands.set(task.id, await this.kinds[task.type].command(task));
    await Promise.all(
      claimed.map(async (job) => {
        const command = commands.get(job.taskId);
        if (!command) return;
        // A command lost here is sent again when the lease runs out.
        await this.send(job.sn, { id: job.jobKey, ...command }).catch((error: unknown) =>
          this.log.warn({ err: error, job: job.jobKey }, 'task command not sent'),
        );
      }),
    );
  }

  /**
   * A device's report on its job (`sn` is who sent it: a device reports on its own jobs only).
   * Processing renews the lease and sets the progress; an end ends the job, once — a failure with
   * the progress it says the job reached, which its last processing report may lag behind.
   *
   * A completion also ends a job that failed `timeout` under the same key: the timeout is only the
   * server giving up waiting, and the device did finish that very attempt (an upgrade that took
   * long), so the job — and the device list — must say what the device now runs. Nothing else is
   * overturned: a job retried since has moved on, whatever became of it (its next attempt answers
   * for the device); one unbound is no longer the company's; a device's own failure is its word.
   */
  async report(sn: string, key: string, report: JobReport): Promise<void> {
    const ours = and(eq(taskJobs.jobKey, key), eq(taskJobs.sn, sn));
    const mine = and(ours, eq(taskJobs.state, 'processing'));
    const timedOut = and(ours, eq(taskJobs.state, 'failed'), eq(taskJobs.reason, 'timeout'));
    if (report.state === 'processing') {
      await this.db
        .update(taskJobs)
        .set({ progress: report.progress, leaseUntil: new Date(this.now() + LEASE_MS) })
        .where(mine);
      return;
    }
    await this.db.transaction(async (tx) => {
      const ended = new Date(this.now());
      const [job] =
        report.state === 'completed'
          ? await tx
              .update(taskJobs)
              .set({
                state: 'completed',
                progress: 100,
                reason: null,
                message: null,
                result: report.result,
                endedAt: ended,
                leaseUntil: null,
              })
              .where(or(mine, timedOut))
              .returning({ taskId: taskJobs.taskId, deviceId: taskJobs.deviceId })
          : await tx
              .update(taskJobs)
              .set({
                state: 'failed',
                reason: report.reason,
                message: report.message ?? null,
                ...(report.progress === undefined ? {} : { progress: report.progress }),
                endedAt: ended,
                leaseUntil: null,
              })
              .where(mine)
              .returning({ taskId: taskJobs.taskId, deviceId: taskJobs.deviceId });
      if (!job || report.state !== 'completed') return;
      const [task] = await tx
        .select({ type: tasks.type, payload: tasks.payload })
        .from(tasks)
        .where(eq(tasks.id, job.taskId));
      if (task)
        await this.kinds[task.type].completed?.(tx, {
          deviceId: job.deviceId,
          payload: task.payload,
          result: report.result,
        });
    });
  }

  /**
   * The jobs of a task not started yet fail `cancelled`; answers how many. `record` runs in the
   * same transaction (the audit entry).
   */
  async cancel(taskId: number, record?: (tx: Db, count: number) => Promise<void>): Promise<number> {
    const now = new Date(this.now());
    return this.db.transaction(async (tx) => {
      await tx.update(tasks).set({ cancelledAt: now }).where(eq(tasks.id, taskId));
      const rows = await tx
        .update(taskJobs)
        .set({ state: 'failed', reason: 'cancelled', endedAt: now })
        .where(and(eq(taskJobs.taskId, taskId), eq(taskJobs.state, 'pending')))
        .returning({ id: taskJobs.id });
      await record?.(tx, rows.length);
      return rows.length;
    });
  }

  /**
   * Failed jobs of a task (of these devices, or all) are pending again, and the task waits for
   * offline devices as long again as it did at first. Answers how many; `record` runs in the same
   * transaction (the audit entry).
   */
  async retry(
    taskId: number,
    deviceIds: readonly number[] | undefined,
    record?: (tx: Db, count: number) => Promise<void>,
  ): Promise<number> {
    const now = new Date(this.now());
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(taskJobs)
        .set({
          state: 'pending',
          progress: 0,
          reason: null,
          message: null,
          result: null,
          leaseUntil: null,
          startedAt: null,
          endedAt: null,
        })
        .where(
          and(
            eq(taskJobs.taskId, taskId),
            eq(taskJobs.state, 'failed'),
            ne(taskJobs.reason, 'unbound'),
            deviceIds ? inArray(taskJobs.deviceId, [...deviceIds]) : undefined,
          ),
        )
        .returning({ id: taskJobs.id });
      if (rows.length > 0)
        await tx
          .update(tasks)
          .set({
            deadlineAt: sql`greatest(${tasks.deadlineAt}, ${now.toISOString()}::timestamptz + make_interval(hours => ${tasks.deadlineHours}))`,
          })
          .where(eq(tasks.id, taskId));
      await record?.(tx, rows.length);
      return rows.length;
    });
  }
}
