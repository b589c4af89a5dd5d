/**
 * Online authorisation (spec §2.3 algmall_onauth, §4.3; issue 31): each chosen device's authorisation
 * takes one from the company's orders of the product, oldest first, and its licence — signed by the
 * server — travels to the device as a job of the task engine. The job's end is the authorisation's:
 * success, or failed, cancelled or timeout, each of which gives the authorisation back to its order
 * (`returned`) in the very transaction that ended the job; a retry takes one again, or is refused
 * 409 `authorisation_insufficient` when the company has none left.
 */
import {
  AUTHORISABLE_DEVICE_FILTERS,
  AUTHORISATION_DEADLINE_HOURS,
  AUTHORISATION_FILTERS,
  AUTHORISATION_ORDER_KEYS,
  AUTHORISATION_TIMEOUT_MINUTES,
  type AuthorisableDevice,
  type Authorisation,
  type AuthorisationState,
  type AuthoriseBody,
  JOB_COMMANDS,
  type ListPage,
  type ListQuery,
  ORDER_EXPORT_MAX_ROWS,
  type Order,
  type TrialBody,
  type Where,
} from '@vap/contracts';
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import { companyOf, type Permissions } from '../../core/auth/permissions.js';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { taskJobs } from '../../core/db/jobs.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { likePattern, orderOf, pageOf, whereOf } from '../../core/http/list-sql.js';
import { devicesBySerial, ownDevicesWhere, PICKED_DEVICE, targetDevices } from '../devices/index.js';
import type { HookedJob, JobEngine, JobKind } from '../tasks/index.js';
import type { LicenceSigner } from './licences.js';
import {
  algmallAuthorisations as authorisations,
  algmallOrders as orders,
  algmallProducts as products,
} from './schema.js';

export const LICENCE_JOB = 'algorithm_licence' as const;
const DAY_MS = 86_400_000;

/** An authorisation's state (spec §4.3) from its job's; an offline one is installed once issued. */
const stateOf = sql<AuthorisationState>`case
  when ${authorisations.mode} = 'offline' then 'success'
  when ${taskJobs.state} in ('pending', 'processing') then 'in_progress'
  when ${taskJobs.state} = 'completed' then 'success'
  when ${taskJobs.reason} = 'timeout' then 'timeout'
  when ${taskJobs.reason} = 'cancelled' then 'cancelled'
  else 'failed' end`;

const filters = whereOf(AUTHORISATION_FILTERS, {
  mode: authorisations.mode,
  state: ({ v }, param) => sql`${stateOf} = ${param(v)}`,
  product_id: authorisations.productId,
  sn: ({ v }, param) => sql`${authorisations.sn} ilike ${param(likePattern(v))}`,
  created_at: authorisations.createdAt,
});

const deviceFilters = whereOf(AUTHORISABLE_DEVICE_FILTERS, {
  sn: ({ v }, param) => sql`${devices.sn} ilike ${param(likePattern(v))}`,
});

const orderKeys = orderOf(AUTHORISATION_ORDER_KEYS, { created_at: authorisations.createdAt });
const sorting = (query: readonly Order[]): SQL[] => [
  ...orderKeys(query),
  desc(authorisations.createdAt),
  desc(authorisations.id),
];

type Row = {
  id: number;
  mode: Authorisation['mode'];
  productId: number;
  productName: Authorisation['product_name'];
  deviceId: number | null;
  sn: string;
  deviceName: string | null;
  model: string | null;
  state: AuthorisationState;
  reason: string | null;
  returned: boolean;
  orderNumber: string | null;
  attempts: number | null;
  trialUntil: Date | null;
  createdAt: Date;
  endedAt: Date | null;
};

const toAuthorisation = (row: Row): Authorisation => ({
  id: row.id,
  mode: row.mode,
  product_id: row.productId,
  product_name: row.productName,
  device_id: row.deviceId,
  sn: row.sn,
  device_name: row.deviceName ?? '',
  model: row.model ?? '',
  state: row.state,
  reason: row.state === 'failed' ? row.reason : null,
  // Given back: the authorisation is its order's again, no longer this device's.
  order_number: row.returned ? null : row.orderNumber,
  attempts: row.attempts ?? 1,
  trial_until: row.trialUntil ? row.trialUntil.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  ended_at: row.endedAt ? row.endedAt.toISOString() : null,
});

const remaining = sql`(${orders.purchased} - ${orders.used} + ${orders.returned})`;

/**
 * Takes `quantity` authorisations of a product from the company's orders, oldest first, and answers
 * the order of each; 409 `authorisation_insufficient` — nothing taken — when they hold fewer. The
 * orders are locked: concurrent takers wait and then see what is left.
 */
export async function takeAuthorisations(
  tx: Db,
  companyId: number,
  productId: number,
  quantity: number,
): Promise<number[]> {
  const open = await tx
    .select({ id: orders.id, left: sql<number>`${remaining}::int` })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.productId, productId), gt(remaining, 0)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .for('update');
  const taken: number[] = [];
  for (const order of open) {
    const n = Math.min(Number(order.left), quantity - taken.length);
    if (n <= 0) break;
    await tx
      .update(orders)
      .set({ used: sql`${orders.used} + ${n}` })
      .where(eq(orders.id, order.id));
    for (let i = 0; i < n; i++) taken.push(order.id);
  }
  if (taken.length < quantity) throw new ApiError(409, 'authorisation_insufficient');
  return taken;
}

export class AlgmallAuthorisations {
  constructor(
    private readonly db: Db,
    private readonly engine: JobEngine,
    private readonly signer: LicenceSigner,
    private readonly now: () => number = Date.now,
  ) {
    engine.define(LICENCE_JOB, this.licenceJobs());
  }

  /** What the engine sends for a licence job, and what its ends do to the orders. */
  private licenceJobs(): JobKind {
    return {
      perJob: true,
      command: async (_task, job) => {
        const [row] = await this.db
          .select({
            id: authorisations.id,
            sn: authorisations.sn,
            code: products.code,
            version: products.version,
            models: products.models,
            trialUntil: authorisations.trialUntil,
          })
          .from(authorisations)
          .innerJoin(products, eq(products.id, authorisations.productId))
          .where(eq(authorisations.jobId, job.id));
        if (!row) throw new Error(`no authorisation of job ${job.id}`);
        const licence = this.signer.sign({
          v: 1,
          id: row.id,
          sn: row.sn,
          product: row.code,
          version: row.version,
          issued_at: new Date(this.now()).toISOString(),
          expires_at: row.trialUntil ? row.trialUntil.toISOString() : null,
        });
        return { name: JOB_COMMANDS.algorithm_licence, args: { licence, models: row.models } };
      },
      failed: (tx, jobs) => this.giveBack(tx, jobs),
      retrying: (tx, jobs) => this.takeAgain(tx, jobs, 'refuse'),
      // A device that installed it after all, past its timeout: it holds an authorisation again.
      completed: (tx, job) => this.takeAgain(tx, [job], 'if_any'),
    };
  }

  /** The authorisations of failed jobs go back to their orders, each once. */
  private async giveBack(tx: Db, jobs: readonly HookedJob[]) {
    const back = await tx
      .update(authorisations)
      .set({ returned: true })
      .where(
        and(
          inArray(
            authorisations.jobId,
            jobs.map((job) => job.id),
          ),
          eq(authorisations.returned, false),
        ),
      )
      .returning({ orderId: authorisations.orderId });
    const perOrder = new Map<number, number>();
    for (const { orderId } of back)
      if (orderId !== null) perOrder.set(orderId, (perOrder.get(orderId) ?? 0) + 1);
    for (const [orderId, n] of perOrder)
      await tx
        .update(orders)
        .set({ returned: sql`${orders.returned} + ${n}` })
        .where(eq(orders.id, orderId));
  }

  /**
   * Authorisations given back take one again, oldest order first: all of them or none (`refuse`:
   * 409 `authorisation_insufficient`), or as many as are left (`if_any`).
   */
  private async takeAgain(tx: Db, jobs: readonly HookedJob[], short: 'refuse' | 'if_any') {
    const rows = await tx
      .select({
        id: authorisations.id,
        companyId: authorisations.companyId,
        productId: authorisations.productId,
        trial: sql<boolean>`${authorisations.trialUntil} is not null`,
      })
      .from(authorisations)
      .where(
        and(
          inArray(
            authorisations.jobId,
            jobs.map((job) => job.id),
          ),
          eq(authorisations.returned, true),
        ),
      )
      .orderBy(authorisations.id);
    const groups = new Map<string, typeof rows>();
    for (const row of rows) {
      // A trial took no authorisation: it takes none again.
      if (row.trial) {
        await tx.update(authorisations).set({ returned: false }).where(eq(authorisations.id, row.id));
        continue;
      }
      const key = `${row.companyId}:${row.productId}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const group of groups.values()) {
      const first = group[0];
      if (!first) continue;
      let taken: number[];
      try {
        taken = await takeAuthorisations(tx, first.companyId, first.productId, group.length);
      } catch (error) {
        if (short === 'refuse' || !(error instanceof ApiError)) throw error;
        continue;
      }
      for (const [i, row] of group.entries())
        await tx
          .update(authorisations)
          .set({ orderId: taken[i] ?? null, returned: false })
          .where(eq(authorisations.id, row.id));
    }
  }

  /**
   * Authorises each chosen device of the caller's (within their groups) with the product: takes
   * one authorisation each, or none (409), and queues each licence to its device.
   */
  async authorise(caller: Permissions, body: AuthoriseBody, trail: AuditTrail): Promise<{ count: number }> {
    const companyId = companyOf(caller);
    const [product] = await this.db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(eq(products.id, body.product_id));
    if (!product) throw new ApiError(404, 'not_found');
    const chosen = await targetDevices(
      this.db,
      caller,
      { device_ids: body.device_ids },
      body.device_ids.length,
      'authorise',
    );
    if (chosen.length === 0) throw new ApiError(400, 'task_no_devices');
    await this.db.transaction(async (tx) => {
      const taken = await takeAuthorisations(tx, companyId, product.id, chosen.length);
      const { jobs } = await this.engine.enqueue(
        tx,
        {
          companyId,
          type: LICENCE_JOB,
          subject: product.code,
          payload: { product_id: product.id },
          createdBy: caller.userId,
          deadlineHours: AUTHORISATION_DEADLINE_HOURS,
          timeoutMinutes: AUTHORISATION_TIMEOUT_MINUTES,
        },
        chosen,
      );
      await tx.insert(authorisations).values(
        chosen.map((device, i) => ({
          companyId,
          mode: 'online' as const,
          productId: product.id,
          deviceId: device.id,
          sn: device.sn,
          jobId: jobs.get(device.id) ?? null,
          orderId: taken[i] ?? null,
        })),
      );
      await trail.record(tx, {
        action: 'algmall.authorise',
        target: { type: 'algmall_product', id: product.id },
        after: { product: product.code, devices: chosen.map((device) => device.sn) },
      });
    });
    void this.engine.tick();
    return { count: chosen.length };
  }

  /**
   * A trial of a product on one of the caller's devices: free, its licence expiring after the
   * product's trial days; once per device and product (409 `trial_used`), for a product that has a
   * trial (400 `trial_unavailable`).
   */
  async trial(caller: Permissions, body: TrialBody, trail: AuditTrail): Promise<Authorisation> {
    const companyId = companyOf(caller);
    const [product] = await this.db
      .select({ id: products.id, code: products.code, trialDays: products.trialDays })
      .from(products)
      .where(eq(products.id, body.product_id));
    if (!product) throw new ApiError(404, 'not_found');
    if (product.trialDays === null) throw new ApiError(400, 'trial_unavailable');
    const [device] = await targetDevices(this.db, caller, { device_ids: [body.device_id] }, 1, 'authorise');
    if (!device) throw new ApiError(404, 'device_unknown');
    const trialUntil = new Date(this.now() + product.trialDays * DAY_MS);
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const { jobs } = await this.engine.enqueue(
          tx,
          {
            companyId,
            type: LICENCE_JOB,
            subject: product.code,
            payload: { product_id: product.id, trial: true },
            createdBy: caller.userId,
            deadlineHours: AUTHORISATION_DEADLINE_HOURS,
            timeoutMinutes: AUTHORISATION_TIMEOUT_MINUTES,
          },
          [device],
        );
        const row = await writtenRow(
          tx
            .insert(authorisations)
            .values({
              companyId,
              mode: 'online',
              productId: product.id,
              deviceId: device.id,
              sn: device.sn,
              jobId: jobs.get(device.id) ?? null,
              trialUntil,
            })
            .returning({ id: authorisations.id }),
          'trial not written',
        );
        await trail.record(tx, {
          action: 'algmall.trial',
          target: { type: 'algmall_authorisation', id: row.id },
          after: { product: product.code, sn: device.sn, until: trialUntil.toISOString() },
        });
        return row.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, 'trial_used');
      throw error;
    }
    void this.engine.tick();
    const made = await this.one(companyId, id);
    if (!made) throw new Error('trial not found');
    return made;
  }

  /** The jobs of these online authorisations of the company. */
  private async jobsOf(companyId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .select({ jobId: authorisations.jobId })
      .from(authorisations)
      .where(
        and(
          eq(authorisations.companyId, companyId),
          eq(authorisations.mode, 'online'),
          inArray(authorisations.id, [...ids]),
        ),
      );
    return rows.flatMap((row) => (row.jobId === null ? [] : [row.jobId]));
  }

  /** Cancels those still waiting for their device; answers how many. */
  async cancel(companyId: number, ids: readonly number[], trail: AuditTrail) {
    const jobs = await this.jobsOf(companyId, ids);
    const changed = await this.engine.cancelJobs(jobs, (tx, n) =>
      trail.record(tx, {
        action: 'algmall.authorisation.cancel',
        target: { type: 'algmall_authorisation', id: ids[0] ?? 0 },
        after: { ids, cancelled: n },
      }),
    );
    return { changed };
  }

  /** Retries those failed, cancelled or timed out, each taking an authorisation again; answers how many. */
  async retry(companyId: number, ids: readonly number[], trail: AuditTrail) {
    const jobs = await this.jobsOf(companyId, ids);
    const changed = await this.engine.retryJobs(jobs, (tx, n) =>
      trail.record(tx, {
        action: 'algmall.authorisation.retry',
        target: { type: 'algmall_authorisation', id: ids[0] ?? 0 },
        after: { ids, retried: n },
      }),
    );
    void this.engine.tick();
    return { changed };
  }

  private select(companyId: number) {
    return this.db
      .select({
        id: authorisations.id,
        mode: authorisations.mode,
        productId: authorisations.productId,
        productName: products.name,
        deviceId: devices.id,
        sn: authorisations.sn,
        deviceName: devices.name,
        model: devices.model,
        state: stateOf,
        reason: taskJobs.reason,
        returned: authorisations.returned,
        orderNumber: orders.number,
        attempts: taskJobs.attempts,
        trialUntil: authorisations.trialUntil,
        createdAt: authorisations.createdAt,
        endedAt: taskJobs.endedAt,
      })
      .from(authorisations)
      .innerJoin(products, eq(products.id, authorisations.productId))
      .leftJoin(taskJobs, eq(taskJobs.id, authorisations.jobId))
      .leftJoin(devices, and(eq(devices.id, authorisations.deviceId), eq(devices.companyId, companyId)))
      .leftJoin(orders, eq(orders.id, authorisations.orderId));
  }

  /** A page of the company's authorisations, newest first. */
  async page(companyId: number, query: ListQuery): Promise<ListPage<Authorisation>> {
    const where = and(eq(authorisations.companyId, companyId), filters(query.wheres));
    const { items, total } = await pageOf(
      query,
      this.select(companyId)
        .where(where)
        .orderBy(...sorting(query.orders)),
      this.db
        .select({ total: count() })
        .from(authorisations)
        .leftJoin(taskJobs, eq(taskJobs.id, authorisations.jobId))
        .where(where),
    );
    return { items: items.map(toAuthorisation), total };
  }

  /** One of the company's authorisations. */
  async one(companyId: number, id: number): Promise<Authorisation | undefined> {
    const [row] = await this.select(companyId).where(
      and(eq(authorisations.companyId, companyId), eq(authorisations.id, id)),
    );
    return row ? toAuthorisation(row) : undefined;
  }

  /** Every authorisation the filters match; 400 `log_export_too_many_rows` beyond 5000 (spec §5.7, §8). */
  async all(companyId: number, query: { wheres: readonly Where[]; orders: readonly Order[] }) {
    const rows = await this.select(companyId)
      .where(and(eq(authorisations.companyId, companyId), filters(query.wheres)))
      .orderBy(...sorting(query.orders))
      .limit(ORDER_EXPORT_MAX_ROWS + 1);
    if (rows.length > ORDER_EXPORT_MAX_ROWS) throw new ApiError(400, 'log_export_too_many_rows');
    return rows.map(toAuthorisation);
  }

  /** The devices the caller may authorise, by serial. */
  async devices(caller: Permissions, query: ListQuery): Promise<ListPage<AuthorisableDevice>> {
    const rows = this.db
      .select({
        ...PICKED_DEVICE,
        model: devices.model,
        online: sql<boolean>`${devices.status} = 'online'`,
      })
      .from(devices)
      .$dynamic();
    return devicesBySerial(this.db, rows, and(ownDevicesWhere(caller), deviceFilters(query.wheres)), query);
  }

  /** The server's licence key, for devices. */
  licenceKey() {
    return { algorithm: 'Ed25519' as const, key: this.signer.publicKey };
  }
}
