/**
 * Online recharge orders (page `recharge`; issue 17): an order waits for its payment at the
 * provider for RECHARGE_PAYMENT_MINUTES, then is paid — the balance credited by its ledger entry
 * in the same transaction, once however often the provider says so — cancelled, or expired.
 * Each outcome is one conditional update of a pending row, so that a payment racing a cancel or
 * the expiry ends in exactly one of them, on any number of servers.
 */
import {
  type ListPage,
  RECHARGE_FILTERS,
  RECHARGE_PAYMENT_MINUTES,
  type RechargeOrder,
  type Where,
} from '@vap/contracts';
import { and, count, desc, eq, gt, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companies } from '../../core/db/schema.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { whereOf } from '../../core/http/list-sql.js';
import type { Ledger } from './ledger.js';
import { nextNumbered } from './numbering.js';
import type { PaymentNotice, PaymentProvider } from './payments.js';
import { rechargeOrders } from './schema.js';

type Row = typeof rechargeOrders.$inferSelect;

const PAYMENT_WINDOW_MS = RECHARGE_PAYMENT_MINUTES * 60_000;
/** How long a closed order is still tried to be closed at its gateway (each finance tick). */
const GATEWAY_CLOSE_RETRY_MS = 24 * 3_600_000;
/** Orders closed at the gateway per tick, one call each. */
const GATEWAY_CLOSE_BATCH = 50;

const toOrder = (row: Row): RechargeOrder => ({
  id: row.id,
  number: row.number,
  amount: row.amount,
  state: row.state,
  provider: row.provider,
  pay_url: row.state === 'pending' ? row.payUrl : '',
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  closed_at: row.closedAt?.toISOString() ?? null,
});

/** What the payer's side of a payment sees (the development payment page). */
export interface PaymentView {
  row: Row;
  companyName: string;
}

export class RechargeOrders {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    /** Null where online payment is not offered (production without a real provider). */
    readonly provider: PaymentProvider | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** A pending order of `amount` fen, opened at the provider. */
  async create(companyId: number, amount: number, userId: number, trail: AuditTrail): Promise<RechargeOrder> {
    const provider = this.provider;
    if (!provider) throw new ApiError(503, 'payment_unavailable');
    const createdAt = new Date(this.now());
    const expiresAt = new Date(createdAt.getTime() + PAYMENT_WINDOW_MS);
    const { id, number } = await nextNumbered(this.db, 'recharge_orders', 'R', createdAt);
    let opened: Awaited<ReturnType<PaymentProvider['open']>>;
    try {
      opened = await provider.open({ number, amount, expiresAt });
    } catch {
      throw new ApiError(503, 'payment_unavailable');
    }
    return this.db.transaction(async (tx) => {
      const row = await writtenRow(
        tx
          .insert(rechargeOrders)
          .values({
            id,
            companyId,
            number,
            amount,
            provider: provider.name,
            providerRef: opened.ref,
            payUrl: opened.payUrl,
            createdBy: userId,
            createdAt,
            expiresAt,
          })
          .returning(),
        'recharge order not written',
      );
      const order = toOrder(row);
      await trail.record(tx, {
        action: 'finance.recharge.create',
        target: { type: 'recharge_order', id: row.id },
        after: order,
      });
      return order;
    });
  }

  async get(companyId: number, id: number): Promise<RechargeOrder> {
    return toOrder(await this.row(companyId, id));
  }

  async list(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<ListPage<RechargeOrder>> {
    const where = and(eq(rechargeOrders.companyId, companyId), filtersOf(query.wheres));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(rechargeOrders)
        .where(where)
        .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(rechargeOrders).where(where),
    ]);
    return { items: rows.map(toOrder), total: total?.total ?? 0 };
  }

  /** The company cancels a pending order; 409 `order_closed` once it is paid, cancelled or expired. */
  async cancel(companyId: number, id: number, trail: AuditTrail): Promise<RechargeOrder> {
    const before = await this.row(companyId, id);
    const order = await this.db.transaction(async (tx) => {
      const row = await this.close(tx, eq(rechargeOrders.id, before.id), 'cancelled');
      if (!row) throw new ApiError(409, 'order_closed');
      const after = toOrder(row);
      await trail.record(tx, {
        action: 'finance.recharge.cancel',
        target: { type: 'recharge_order', id },
        before: toOrder(before),
        after,
      });
      return after;
    });
    await this.closeAtGateway(before);
    return order;
  }

  /**
   * A real gateway's verified notice: a payment of the order's amount settles it as paid (once,
   * however often and however concurrently it is told). 404 `order_not_found` for no such order of
   * this gateway; 409 `payment_mismatch` for another amount; 409 `order_closed` for a payment of an
   * order cancelled or expired. A notice of no payment (a trade closed) changes nothing.
   */
  async notified(provider: string, notice: PaymentNotice): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.providerRef, notice.ref), eq(rechargeOrders.provider, provider)));
    if (!row) throw new ApiError(404, 'order_not_found');
    if (row.amount !== notice.amount) throw new ApiError(409, 'payment_mismatch');
    if (!notice.paid) return row;
    return this.settle(notice.ref, 'paid');
  }

  /**
   * Orders of the provider in use cancelled or expired (in the last day) and not yet closed at its
   * gateway are closed there, so that the payer can no longer pay them; one failing is tried again
   * at the next tick. Answers how many were closed.
   */
  async closeAtGateways(): Promise<number> {
    const provider = this.provider;
    if (!provider || provider.development) return 0;
    const now = this.now();
    const open = await this.db
      .select()
      .from(rechargeOrders)
      .where(
        and(
          inArray(rechargeOrders.state, ['cancelled', 'expired']),
          isNull(rechargeOrders.gatewayClosedAt),
          eq(rechargeOrders.provider, provider.name),
          gt(rechargeOrders.closedAt, new Date(now - GATEWAY_CLOSE_RETRY_MS)),
        ),
      )
      .orderBy(rechargeOrders.closedAt)
      .limit(GATEWAY_CLOSE_BATCH);
    let closed = 0;
    for (const row of open) if (await this.closeAtGateway(row)) closed += 1;
    return closed;
  }

  /**
   * Closes the order's payment at its gateway and notes it; false when the gateway refused, or has
   * no such payment yet while the order's window lasts (the payer may still open it: closed again
   * at the next tick).
   */
  private async closeAtGateway(row: Row): Promise<boolean> {
    const provider = this.provider;
    if (!provider || provider.name !== row.provider) return false;
    try {
      const outcome = await provider.close(row.providerRef);
      if (outcome === 'absent' && row.expiresAt.getTime() > this.now()) return false;
    } catch {
      // The order is closed here; a payment the gateway still takes is refused on settling, and the
      // finance schedule tries again.
      return false;
    }
    await this.db
      .update(rechargeOrders)
      .set({ gatewayClosedAt: new Date(this.now()) })
      .where(eq(rechargeOrders.id, row.id));
    return true;
  }

  /**
   * The provider's outcome of a payment. Paid: the order is paid and the balance credited, in one
   * transaction; told again, it answers the paid order. 404 for an unknown payment; 409
   * `order_closed` for an order cancelled or expired (or paid, when told it was cancelled).
   */
  async settle(ref: string, outcome: 'paid' | 'cancelled'): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const row = await this.close(tx, eq(rechargeOrders.providerRef, ref), outcome);
      if (row) {
        if (outcome === 'paid')
          await this.ledger.post(
            {
              companyId: row.companyId,
              kind: 'recharge',
              amount: row.amount,
              reference: row.number,
              note: `online recharge (${row.provider})`,
              operatorId: row.createdBy,
            },
            tx,
          );
        return row;
      }
      const [current] = await tx.select().from(rechargeOrders).where(eq(rechargeOrders.providerRef, ref));
      if (!current) throw new ApiError(404, 'order_not_found');
      if (current.state === outcome) return current;
      throw new ApiError(409, 'order_closed');
    });
  }

  /** The order a payment belongs to, with its company's name (the payment page shows them). */
  async payment(ref: string): Promise<PaymentView> {
    const [found] = await this.db
      .select({ row: rechargeOrders, companyName: companies.name })
      .from(rechargeOrders)
      .innerJoin(companies, eq(companies.id, rechargeOrders.companyId))
      .where(eq(rechargeOrders.providerRef, ref));
    if (!found) throw new ApiError(404, 'order_not_found');
    return { row: this.asOfNow(found.row), companyName: found.companyName };
  }

  /** Pending orders past their window become expired; answers how many did. */
  async expire(): Promise<number> {
    const closed = await this.db
      .update(rechargeOrders)
      .set({ state: 'expired', closedAt: rechargeOrders.expiresAt })
      .where(and(eq(rechargeOrders.state, 'pending'), lte(rechargeOrders.expiresAt, new Date(this.now()))))
      .returning({ id: rechargeOrders.id });
    return closed.length;
  }

  private async row(companyId: number, id: number): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.companyId, companyId), eq(rechargeOrders.id, id)));
    if (!row) throw new ApiError(404, 'order_not_found');
    return this.asOfNow(row);
  }

  /** A pending order past its window reads as expired before the next expiry run writes it. */
  private asOfNow(row: Row): Row {
    return row.state === 'pending' && row.expiresAt.getTime() <= this.now()
      ? { ...row, state: 'expired', closedAt: row.expiresAt }
      : row;
  }

  /** Moves the pending, unexpired order `which` to `state`; null when it is not such an order. */
  private async close(tx: Db, which: SQL, state: 'paid' | 'cancelled'): Promise<Row | null> {
    const now = new Date(this.now());
    const [row] = await tx
      .update(rechargeOrders)
      .set({ state, closedAt: now })
      .where(and(which, eq(rechargeOrders.state, 'pending'), gt(rechargeOrders.expiresAt, now)))
      .returning();
    return row ?? null;
  }
}

const filtersOf = whereOf(RECHARGE_FILTERS, {
  state: rechargeOrders.state,
  number: rechargeOrders.number,
  created_at: rechargeOrders.createdAt,
});
