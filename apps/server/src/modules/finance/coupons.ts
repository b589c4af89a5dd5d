/**
 * Vouchers (page coupon; spec §1, §4.3, §6, §9): a voucher is redeemed into its company's balance
 * (a ledger entry of kind `coupon`, in the same transaction), or transferred to a cooperating
 * first-level customer — a direct downstream company — whose balance the finance schedule credits
 * within 24 hours (at its next run), or fails with the reason and gives the voucher back. Each move
 * of a voucher is one conditional update of its state, so that it is spent once.
 */
import { randomBytes } from 'node:crypto';
import {
  COUPON_FILTERS,
  type Coupon,
  type CouponSource,
  type CouponState,
  type CouponTransferFailure,
  type ListPage,
  type Where,
} from '@vap/contracts';
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { companyRow } from '../../core/db/company-rows.js';
import { companies } from '../../core/db/schema.js';
import { ApiError } from '../../core/http/errors.js';
import { whereOf } from '../../core/http/list-sql.js';
import type { Ledger } from './ledger.js';
import { coupons, couponTransfers } from './schema.js';

type CouponRow = typeof coupons.$inferSelect;
type TransferRow = typeof couponTransfers.$inferSelect;

/** Transfers credited per transaction of a run. */
const BATCH = 50;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `V` and ten characters no one misreads (no I, O, 0 or 1). */
export function couponCode(): string {
  const bytes = randomBytes(10);
  return `V${Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')}`;
}

export interface IssuedCoupon {
  companyId: number;
  value: number;
  validFrom: Date;
  validUntil: Date;
  source: CouponSource;
}

export class Coupons {
  private readonly filters = whereOf(COUPON_FILTERS, {
    code: coupons.code,
    state: ({ v }) => this.stateCondition(v),
  });

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Vouchers for a company (the operator's `coupon:issue`, the demo, campaigns). */
  async issue(issued: IssuedCoupon, count = 1, db: Db = this.db): Promise<CouponRow[]> {
    return db
      .insert(coupons)
      .values(Array.from({ length: count }, () => ({ ...issued, code: couponCode() })))
      .returning();
  }

  async list(
    companyId: number,
    query: { page: number; size: number; wheres: readonly Where[] },
  ): Promise<ListPage<Coupon>> {
    const where = and(eq(coupons.companyId, companyId), this.filters(query.wheres));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(coupons)
        .where(where)
        .orderBy(desc(coupons.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ total: count() }).from(coupons).where(where),
    ]);
    const transfers = rows.length
      ? await this.db
          .select({ transfer: couponTransfers, toName: companies.name })
          .from(couponTransfers)
          .innerJoin(companies, eq(companies.id, couponTransfers.toCompanyId))
          .where(
            inArray(
              couponTransfers.couponId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(couponTransfers.id))
      : [];
    const latest = new Map(transfers.map((item) => [item.transfer.couponId, item]));
    return {
      items: rows.map((row) => this.toCoupon(row, latest.get(row.id))),
      total: total?.total ?? 0,
    };
  }

  /** The companies a voucher may go to: the company's direct downstream companies. */
  async targets(companyId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.parentId, companyId))
      .orderBy(asc(companies.name));
  }

  /** Credits the voucher's value to the balance; 409 `coupon_not_usable` unless it is usable now. */
  async redeem(companyId: number, id: number, operatorId: number, trail: AuditTrail): Promise<Coupon> {
    return this.db.transaction(async (tx) => {
      const before = await this.row(tx, companyId, id);
      const at = new Date(this.now());
      const [row] = await tx
        .update(coupons)
        .set({ state: 'used', usedAt: at })
        .where(and(eq(coupons.id, before.id), this.usable(at)))
        .returning();
      if (!row) throw new ApiError(409, 'coupon_not_usable');
      await this.ledger.post(
        {
          companyId,
          kind: 'coupon',
          amount: row.value,
          reference: `coupon-${row.code}`,
          note: 'voucher redeemed',
          operatorId,
        },
        tx,
      );
      const after = this.toCoupon(row);
      await trail.record(tx, {
        action: 'finance.coupon.redeem',
        target: { type: 'coupon', id },
        before: this.toCoupon(before),
        after,
      });
      return after;
    });
  }

  /**
   * Sends a usable voucher to a first-level customer (400 `transfer_target_invalid` for any other
   * company): pending until the schedule credits it.
   */
  async transfer(
    companyId: number,
    id: number,
    toCompanyId: number,
    operatorId: number,
    trail: AuditTrail,
  ): Promise<Coupon> {
    const targets = await this.targets(companyId);
    const target = targets.find((company) => company.id === toCompanyId);
    if (!target) throw new ApiError(400, 'transfer_target_invalid');
    return this.db.transaction(async (tx) => {
      const before = await this.row(tx, companyId, id);
      const at = new Date(this.now());
      const [row] = await tx
        .update(coupons)
        .set({ state: 'transferring' })
        .where(and(eq(coupons.id, before.id), this.usable(at)))
        .returning();
      if (!row) throw new ApiError(409, 'coupon_not_usable');
      const [transfer] = await tx
        .insert(couponTransfers)
        .values({
          couponId: row.id,
          fromCompanyId: companyId,
          toCompanyId,
          requestedBy: operatorId,
          requestedAt: at,
        })
        .returning();
      const after = this.toCoupon(row, transfer && { transfer, toName: target.name });
      await trail.record(tx, {
        action: 'finance.coupon.transfer',
        target: { type: 'coupon', id },
        before: this.toCoupon(before),
        after,
      });
      return after;
    });
  }

  /** The company's vouchers usable now: how many, and their value in fen. */
  async holding(companyId: number, db: Db = this.db): Promise<{ count: number; value: number }> {
    const at = new Date(this.now());
    const [row] = await db
      .select({ count: count(), value: sql<string>`coalesce(sum(${coupons.value}), 0)` })
      .from(coupons)
      .where(and(eq(coupons.companyId, companyId), this.usable(at)));
    return { count: row?.count ?? 0, value: Number(row?.value ?? 0) };
  }

  /**
   * Moves `quantity` usable vouchers of a company, soonest to expire first, to another in `tx`:
   * the sender's become `transferred`, the receiver gets as many of the same values and validity
   * (source `transfer`). The sender's are locked and each taken by a conditional update, so that
   * concurrent moves never take more than there are: 409 `vouchers_insufficient` when fewer are
   * usable, nothing moved (the caller's transaction rolls back). Answers the value moved, in fen.
   */
  async move(tx: Db, fromCompanyId: number, toCompanyId: number, quantity: number): Promise<number> {
    const at = new Date(this.now());
    const chosen = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.companyId, fromCompanyId), this.usable(at)))
      .orderBy(asc(coupons.validUntil), asc(coupons.id))
      .limit(quantity)
      .for('update');
    if (chosen.length < quantity) throw new ApiError(409, 'vouchers_insufficient');
    const taken = await tx
      .update(coupons)
      .set({ state: 'transferred' })
      .where(
        and(
          inArray(
            coupons.id,
            chosen.map((row) => row.id),
          ),
          eq(coupons.companyId, fromCompanyId),
          this.usable(at),
        ),
      )
      .returning();
    if (taken.length < quantity) throw new ApiError(409, 'vouchers_insufficient');
    await tx.insert(coupons).values(
      taken.map((row) => ({
        companyId: toCompanyId,
        code: couponCode(),
        value: row.value,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
        source: 'transfer' as const,
      })),
    );
    return taken.reduce((sum, row) => sum + row.value, 0);
  }

  /**
   * Credits the pending transfers (the finance schedule): to a company still a first-level
   * customer of the sender, with the voucher still valid; otherwise failed with the reason, the
   * voucher the sender's again. Claimed under SKIP LOCKED: several servers credit each once.
   */
  async creditTransfers(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select({ transfer: couponTransfers, coupon: coupons, parentId: companies.parentId })
          .from(couponTransfers)
          .innerJoin(coupons, eq(coupons.id, couponTransfers.couponId))
          .innerJoin(companies, eq(companies.id, couponTransfers.toCompanyId))
          .where(eq(couponTransfers.state, 'pending'))
          .orderBy(asc(couponTransfers.id))
          .limit(BATCH)
          .for('update', { of: couponTransfers, skipLocked: true });
        for (const { transfer, coupon, parentId } of rows) await this.credit(tx, transfer, coupon, parentId);
        return rows.length;
      });
      done += batch;
      if (batch < BATCH) return done;
    }
  }

  private async credit(tx: Db, transfer: TransferRow, coupon: CouponRow, parentId: number | null) {
    const at = new Date(this.now());
    const failure: CouponTransferFailure | null =
      parentId !== transfer.fromCompanyId
        ? 'not_cooperating'
        : coupon.validUntil.getTime() <= at.getTime()
          ? 'coupon_expired'
          : null;
    if (failure) {
      await tx.update(coupons).set({ state: 'unused' }).where(eq(coupons.id, coupon.id));
      await tx
        .update(couponTransfers)
        .set({ state: 'failed', reason: failure, doneAt: at })
        .where(eq(couponTransfers.id, transfer.id));
      return;
    }
    await this.ledger.post(
      {
        companyId: transfer.toCompanyId,
        kind: 'coupon',
        amount: coupon.value,
        reference: `coupon-transfer-${transfer.id}`,
        note: `voucher ${coupon.code} transferred`,
      },
      tx,
    );
    await tx.update(coupons).set({ state: 'transferred' }).where(eq(coupons.id, coupon.id));
    await tx
      .update(couponTransfers)
      .set({ state: 'success', doneAt: at })
      .where(eq(couponTransfers.id, transfer.id));
  }

  private usable(at: Date): SQL | undefined {
    return and(eq(coupons.state, 'unused'), lte(coupons.validFrom, at), gt(coupons.validUntil, at));
  }

  private async row(tx: Db, companyId: number, id: number): Promise<CouponRow> {
    return companyRow(tx, coupons, companyId, id);
  }

  /** `unused` and `expired` are one stored state: the validity tells them apart. */
  private stateCondition(state: CouponState) {
    const at = new Date(this.now());
    if (state === 'unused') return and(eq(coupons.state, 'unused'), gt(coupons.validUntil, at));
    if (state === 'expired') return and(eq(coupons.state, 'unused'), lte(coupons.validUntil, at));
    return eq(coupons.state, state);
  }

  private toCoupon(row: CouponRow, latest?: { transfer: TransferRow; toName: string }): Coupon {
    const expired = row.state === 'unused' && row.validUntil.getTime() <= this.now();
    return {
      id: row.id,
      code: row.code,
      value: row.value,
      source: row.source,
      state: expired ? 'expired' : row.state,
      valid_from: row.validFrom.toISOString(),
      valid_until: row.validUntil.toISOString(),
      used_at: row.usedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      transfer: latest
        ? {
            id: latest.transfer.id,
            to_company_id: latest.transfer.toCompanyId,
            to_company_name: latest.toName,
            state: latest.transfer.state,
            reason: latest.transfer.reason,
            requested_at: latest.transfer.requestedAt.toISOString(),
            done_at: latest.transfer.doneAt?.toISOString() ?? null,
          }
        : null,
    };
  }
}
