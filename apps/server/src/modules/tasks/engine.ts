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
import type { JobReport, JobType } from '@vap/contracts';
import { and, eq, inArray, isNotNull, lt, lte, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { taskJobs, tasks } from '../../core/db/jobs.js';
import { writtenRow } from '../../core/db/written-row.js';

/** How long a started job goes without word from its device before the device is asked again. */
export const LEASE_MS = 30_000;
export const TICK_MS = 1000;
/** Jobs claimed per tick. */
const CLAIM_BATCH = 200;

export interface JobCommand {
  name: string;
  args: Record<string, unknown>;
}

/** A job as the kinds' hooks see it. */
export interface HookedJob {
  id: number;
  taskId: number;
  deviceId: number;
}

/** What the engine needs of each task type. */
export interface JobKind {
  /** The command a job of this task sends its device (`job`: which, for a command of its own). */
  command(
    task: { id: number; payload: Record<string, unknown> },
    job: { id: number; sn: string },
  ): Promise<JobCommand>;
  /** Whether each job of the task gets a command of its own (else one per task and pass). */
  perJob?: boolean;
  /** What a completed job changes besides itself, in its transaction (a new firmware version). */
  completed?(
    tx: Db,
    job: HookedJob & { payload: Record<string, unknown>; result: Record<string, unknown> },
  ): Promise<void>;
  /**
   * Jobs that just ended failed, whatever the reason (the device's, a timeout, offline, cancelled,
   * unbound), in the transaction that failed them: an authorisation given back to its order.
   */
  failed?(tx: Db, jobs: readonly HookedJob[]): Promise<void>;
  /**
   * Failed jobs about to run again, in the retry's transaction: throwing refuses the retry (an
   * authorisation to take again that the company no longer has).
   */
  retrying?(tx: Db, jobs: readonly HookedJob[]): Promise<void>;
}

/** Sends a command to a device wherever it is connected (the broker). */
export type SendCommand = (sn: string, command: JobCommand & { id: string }) => Promise<void>;

export interface EngineLog {
  warn(object: object, message: string): void;
}

/** `job-{task}-{device}-{attempt}`: the id of a job's command; other commands' ids never start so. */
export const JOB_KEY_PREFIX = 'job-';

type Claimed = { id: number; taskId: number; sn: string; jobKey: string };
const hooked = { id: taskJobs.id, taskId: taskJobs.taskId, deviceId: taskJobs.deviceId };

export class JobEngine {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  private readonly kinds = new Map<JobType, JobKind>();

  constructor(
    private readonly db: Db,
    kinds: Readonly<Partial<Record<JobType, JobKind>>>,
    private readonly send: SendCommand,
    private readonly log: EngineLog,
    private readonly now: () => number = Date.now,
  ) {
    for (const [type, kind] of Object.entries(kinds) as [JobType, JobKind][]) this.kinds.set(type, kind);
  }

  /**
   * A task with one pending job per device, in the caller's transaction (the jobs written a thousand
   * at a time); answers the task's id and each device's job id. The caller ticks the engine once it
   * committed.
   */
  async enqueue(
    tx: Db,
    task: {
      companyId: number;
      type: JobType;
      subject: string;
      payload: Record<string, unknown>;
      createdBy: number | null;
      deadlineHours: number;
      timeoutMinutes: number;
    },
    targets: readonly { id: number; sn: string }[],
  ): Promise<{ taskId: number; jobs: Map<number, number> }> {
    const row = await writtenRow(
      tx
        .insert(tasks)
        .values({ ...task, deadlineAt: new Date(this.now() + task.deadlineHours * 3_600_000) })
        .returning({ id: tasks.id }),
      'task not created',
    );
    const jobs = new Map<number, number>();
    for (let at = 0; at < targets.length; at += 1000) {
      const written = await tx
        .insert(taskJobs)
        .values(
          targets
            .slice(at, at + 1000)
            .map((device) => ({ taskId: row.id, deviceId: device.id, sn: device.sn })),
        )
        .returning({ id: taskJobs.id, deviceId: taskJobs.deviceId });
      for (const job of written) jobs.set(job.deviceId, job.id);
    }
    return { taskId: row.id, jobs };
  }

  /** Another module's jobs (the algorithm mall's licences): what they send, and their hooks. */
  define(type: JobType, kind: JobKind) {
    this.kinds.set(type, kind);
  }

  /** Tells each kind of these failed jobs, in `tx`. */
  private async failedHook(tx: Db, jobs: readonly HookedJob[]) {
    await this.hook(tx, jobs, (kind) => kind.failed);
  }

  private async hook(
    tx: Db,
    jobs: readonly HookedJob[],
    pick: (kind: JobKind) => ((tx: Db, jobs: readonly HookedJob[]) => Promise<void>) | undefined,
  ) {
    if (jobs.length === 0) return;
    const taskIds = [...new Set(jobs.map((job) => job.taskId))];
    const rows = await tx
      .select({ id: tasks.id, type: tasks.type })
      .from(tasks)
      .where(inArray(tasks.id, taskIds));
    // Each kind with the hook is told once, of all its jobs.
    const byKind = new Map<JobKind, HookedJob[]>();
    for (const row of rows) {
      const kind = this.kinds.get(row.type);
      if (!kind || !pick(kind)) continue;
      byKind.set(kind, [...(byKind.get(kind) ?? []), ...jobs.filter((job) => job.taskId === row.id)]);
    }
    for (const [kind, of] of byKind) await pick(kind)?.call(kind, tx, of);
  }

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
    // One transaction a tick, in which the kinds' hooks see every job it failed (an algorithm
    // authorisation goes back to its order with its job): a job ended by one step is no longer
    // pending or processing for the next.
    await this.db.transaction(async (tx) => {
      // Unbound, or bound to another company since.
      const unbound = await tx
        .update(taskJobs)
        .set(end('unbound'))
        .where(
          and(
            notEnded,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(devices)
                .innerJoin(tasks, eq(tasks.id, taskJobs.taskId))
                .where(and(eq(devices.id, taskJobs.deviceId), eq(devices.companyId, tasks.companyId))),
            ),
          ),
        )
        .returning(hooked);
      const offline = await tx
        .update(taskJobs)
        .set(end('offline'))
        .where(
          and(
            eq(taskJobs.state, 'pending'),
            inArray(
              taskJobs.taskId,
              tx.select({ id: tasks.id }).from(tasks).where(lte(tasks.deadlineAt, now)),
            ),
          ),
        )
        .returning(hooked);
      const timedOut = await tx
        .update(taskJobs)
        .set(end('timeout'))
        .where(
          and(
            eq(taskJobs.state, 'processing'),
            sql`${taskJobs.startedAt} + make_interval(mins => (select ${tasks.timeoutMinutes} from ${tasks} where ${tasks.id} = ${taskJobs.taskId})) <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning(hooked);
      await this.failedHook(tx, [...unbound, ...offline, ...timedOut]);
    });
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

  /** Sends each claimed job's command; a task's command is made once per pass, unless its kind is per job. */
  private async dispatch(claimed: readonly Claimed[]) {
    if (claimed.length === 0) return;
    const taskIds = [...new Set(claimed.map((job) => job.taskId))];
    const rows = await this.db
      .select({ id: tasks.id, type: tasks.type, payload: tasks.payload })
      .from(tasks)
      .where(inArray(tasks.id, taskIds));
    const byTask = new Map(rows.map((task) => [task.id, task]));
    const commands = new Map<number, Promise<JobCommand>>();
    const commandOf = (job: Claimed): Promise<JobCommand> | undefined => {
      const task = byTask.get(job.taskId);
      const kind = task && this.kinds.get(task.type);
      if (!task || !kind) return undefined;
      if (kind.perJob) return kind.command(task, job);
      let made = commands.get(task.id);
      if (!made) {
        made = kind.command(task, job);
        commands.set(task.id, made);
      }
      return made;
    };
    await Promise.all(
      claimed.map(async (job) => {
        // A command lost here is sent again when the lease runs out.
        try {
          const command = await commandOf(job);
          if (command) await this.send(job.sn, { id: job.jobKey, ...command });
        } catch (error) {
          this.log.warn({ err: error, job: job.jobKey }, 'task command not sent');
        }
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
      if (report.state === 'failed') {
        const failed = await tx
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
          .returning(hooked);
        await this.failedHook(tx, failed);
        return;
      }
      const [job] = await tx
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
        .returning(hooked);
      if (!job) return;
      const [task] = await tx
        .select({ type: tasks.type, payload: tasks.payload })
        .from(tasks)
        .where(eq(tasks.id, job.taskId));
      if (task)
        await this.kinds
          .get(task.type)
          ?.completed?.(tx, { ...job, payload: task.payload, result: report.result });
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
      const count = await this.cancelWhere(tx, eq(taskJobs.taskId, taskId));
      await record?.(tx, count);
      return count;
    });
  }

  /** These jobs, those not started yet, fail `cancelled` (their tasks go on); answers how many. */
  async cancelJobs(jobIds: readonly number[], record?: (tx: Db, count: number) => Promise<void>) {
    return this.db.transaction(async (tx) => {
      const count = await this.cancelWhere(tx, inArray(taskJobs.id, [...jobIds]));
      await record?.(tx, count);
      return count;
    });
  }

  private async cancelWhere(tx: Db, which: SQL) {
    const rows = await tx
      .update(taskJobs)
      .set({ state: 'failed', reason: 'cancelled', endedAt: new Date(this.now()) })
      .where(and(which, eq(taskJobs.state, 'pending')))
      .returning(hooked);
    await this.failedHook(tx, rows);
    return rows.length;
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
    return this.retryWhere(
      and(eq(taskJobs.taskId, taskId), deviceIds ? inArray(taskJobs.deviceId, [...deviceIds]) : undefined),
      record,
    );
  }

  /** These jobs, those failed, are pending again (retry's rules); answers how many. */
  async retryJobs(jobIds: readonly number[], record?: (tx: Db, count: number) => Promise<void>) {
    return this.retryWhere(inArray(taskJobs.id, [...jobIds]), record);
  }

  private async retryWhere(which: SQL | undefined, record?: (tx: Db, count: number) => Promise<void>) {
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
        .where(and(which, eq(taskJobs.state, 'failed'), ne(taskJobs.reason, 'unbound')))
        .returning(hooked);
      await this.hook(tx, rows, (kind) => kind.retrying);
      const taskIds = [...new Set(rows.map((row) => row.taskId))];
      if (taskIds.length > 0)
        await tx
          .update(tasks)
          .set({
            deadlineAt: sql`greatest(${tasks.deadlineAt}, ${now.toISOString()}::timestamptz + make_interval(hours => ${tasks.deadlineHours}))`,
          })
          .where(inArray(tasks.id, taskIds));
      await record?.(tx, rows.length);
      return rows.length;
    });
  }
}
