/**
 * Billing of plate recognition (spec §1, §4.3, §9): a call that read a plate is billed exactly once,
 * in one transaction that also records it — from the company's resource package that expires first
 * (valid a year, never an expired one), else per call at the price of its rank among the company's
 * per-call-billed calls of the accounting month (Asia/Shanghai). The rank is the month's counter row
 * incremented by one statement in the transaction of the charge: concurrent calls take 1, 2, 3… in
 * turn, so the tier changes at call 10,001 exactly however many race across it. The charge is the
 * finance ledger's, never below zero: a balance that does not cover it refuses the call (409
 * `balance_insufficient`, nothing written, its rank given back) and suspends the service — the owner
 * is told (finance's CompanyStanding: warned before by the low-balance message, after by the
 * suspension's); the next call that is paid resumes it.
 */
import {
  ACCOUNTING_UTC_OFFSET_HOURS,
  type BuyPackageBody,
  type PlateReading,
  PRS_PACKAGE_OFFERS,
  PRS_PACKAGE_VALID_MONTHS,
  PRS_TIERS,
  type PrsBilling,
  type PrsPackage,
  type PrsUsage,
  priceOfRank,
} from '@vap/contracts';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { AuditTrail } from '../../core/audit/recorder.js';
import type { Db } from '../../core/db/client.js';
import { onceByKey } from '../../core/db/once-by-key.js';
import { writtenRow } from '../../core/db/written-row.js';
import { ApiError } from '../../core/http/errors.js';
import { type CompanyStanding, type Ledger, nextNumbered } from '../finance/index.js';
import { prsCalls, prsMonthCounters, prsPackages } from './schema.js';

const OFFSET_MS = ACCOUNTING_UTC_OFFSET_HOURS * 3_600_000;

/** The accounting month (`2026-11`) and day (`2026-11-28`) of an instant, Asia/Shanghai. */
export function accountingDay(at: Date): { month: string; day: string } {
  const local = new Date(at.getTime() + OFFSET_MS).toISOString();
  return { month: local.slice(0, 7), day: local.slice(0, 10) };
}

/** The ledger note of a per-call charge: its rank in the month, words of no one language. */
export const callChargeNote = (month: string, rank: number) => `PRS ${month} #${rank}`;

/** A package takes a call at most this many times over when others empty it meanwhile. */
const PACKAGE_ATTEMPTS = 20;

export interface Billed {
  billing: PrsBilling;
  amount: number;
}

const toPackage = (row: typeof prsPackages.$inferSelect): PrsPackage => ({
  id: row.id,
  number: row.number,
  offer: row.offer,
  calls: row.calls,
  used: row.used,
  remaining: row.calls - row.used,
  amount: row.amount,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

export class PlateBilling {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly standing: CompanyStanding,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Refuses a call before the engine runs when it could not be paid: no package left and a balance
   * under the price of the month's next call (409 `balance_insufficient`, the service suspended).
   * The charge itself decides in the end; this spares the engine a call it would not be paid for.
   */
  async assertPayable(companyId: number): Promise<void> {
    const at = new Date(this.now());
    if (await this.packageLeft(companyId, at)) return;
    const { month } = accountingDay(at);
    const [counter] = await this.db
      .select({ n: prsMonthCounters.n })
      .from(prsMonthCounters)
      .where(and(eq(prsMonthCounters.companyId, companyId), eq(prsMonthCounters.month, month)));
    if ((await this.ledger.balance(companyId)) >= priceOfRank((counter?.n ?? 0) + 1)) return;
    await this.refuse(companyId);
  }

  /** Bills one call that read `plate`, and records it; 409 `balance_insufficient` when unpaid. */
  async bill(companyId: number, plate: PlateReading): Promise<Billed> {
    const at = new Date(this.now());
    const { month, day } = accountingDay(at);
    const call = {
      companyId,
      at,
      month,
      day,
      plate: plate.number,
      plateType: plate.type,
      color: plate.color,
      confidence: plate.confidence,
    };
    let billed: Billed;
    try {
      billed = await this.db.transaction(async (tx) => {
        const packageId = await this.takeFromPackage(tx, companyId, at);
        if (packageId !== null) {
          await tx.insert(prsCalls).values({ ...call, billing: 'package', packageId });
          return { billing: 'package' as const, amount: 0 };
        }
        const [counter] = await tx
          .insert(prsMonthCounters)
          .values({ companyId, month, n: 1 })
          .onConflictDoUpdate({
            target: [prsMonthCounters.companyId, prsMonthCounters.month],
            set: { n: sql`${prsMonthCounters.n} + 1` },
          })
          .returning({ n: prsMonthCounters.n });
        const rank = counter?.n ?? 1;
        const amount = priceOfRank(rank);
        const [row] = await tx
          .insert(prsCalls)
          .values({ ...call, billing: 'per_call', rank, amount })
          .returning({ id: prsCalls.id });
        await this.ledger.post(
          {
            companyId,
            kind: 'charge',
            product: 'prs',
            amount: -amount,
            reference: `PRS${row?.id}`,
            note: callChargeNote(month, rank),
          },
          tx,
        );
        return { billing: 'per_call' as const, amount };
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'balance_insufficient') await this.refuse(companyId);
      throw error;
    }
    await this.resumeIfSuspended(companyId);
    return billed;
  }

  /** Records a trial's plate, billed to no one. */
  async recordTrial(companyId: number, plate: PlateReading): Promise<void> {
    const at = new Date(this.now());
    await this.db.insert(prsCalls).values({
      companyId,
      at,
      ...accountingDay(at),
      plate: plate.number,
      plateType: plate.type,
      color: plate.color,
      confidence: plate.confidence,
      billing: 'trial',
    });
  }

  /**
   * Buys a resource package at its price: the package, its ledger charge and the audit entry
   * together or not at all; the same `request_id` again answers the first package, charging nothing.
   */
  async buy(
    companyId: number,
    body: BuyPackageBody,
    operatorId: number | null,
    trail: AuditTrail,
  ): Promise<PrsPackage> {
    const offer = PRS_PACKAGE_OFFERS.find((candidate) => candidate.code === body.offer);
    if (!offer) throw new ApiError(400, 'validation_failed');
    return onceByKey(
      this.db,
      (db) => this.byRequest(companyId, body.request_id, db),
      async (tx) => {
        const at = new Date(this.now());
        const expiresAt = new Date(at);
        expiresAt.setUTCMonth(expiresAt.getUTCMonth() + PRS_PACKAGE_VALID_MONTHS);
        const { id, number } = await nextNumbered(tx, 'prs_packages', 'P', at);
        const row = await writtenRow(
          tx
            .insert(prsPackages)
            .values({
              id,
              companyId,
              number,
              offer: offer.code,
              calls: offer.calls,
              amount: offer.priceFen,
              requestId: body.request_id,
              createdAt: at,
              expiresAt,
            })
            .returning(),
          'package not written',
        );
        await this.ledger.post(
          {
            companyId,
            kind: 'charge',
            product: 'prs',
            amount: -offer.priceFen,
            reference: number,
            note: offer.code,
            operatorId,
          },
          tx,
        );
        const bought = toPackage(row);
        await trail.record(tx, {
          action: 'prs.package.buy',
          target: { type: 'prs_package', id },
          after: bought,
        });
        return bought;
      },
    );
  }

  /** The company's packages not expired, the soonest to expire first (spec §4.3: expired ones hidden). */
  async packages(companyId: number): Promise<PrsPackage[]> {
    const rows = await this.db
      .select()
      .from(prsPackages)
      .where(and(eq(prsPackages.companyId, companyId), gt(prsPackages.expiresAt, new Date(this.now()))))
      .orderBy(asc(prsPackages.expiresAt), asc(prsPackages.id));
    return rows.map(toPackage);
  }

  /** A month's usage (this month by default): per tier from the month's counter, per day from its calls. */
  async usage(companyId: number, month = accountingDay(new Date(this.now())).month): Promise<PrsUsage> {
    const [counter] = await this.db
      .select({ n: prsMonthCounters.n })
      .from(prsMonthCounters)
      .where(and(eq(prsMonthCounters.companyId, companyId), eq(prsMonthCounters.month, month)));
    const perCall = counter?.n ?? 0;
    let from = 1;
    const tiers = PRS_TIERS.map((tier) => {
      const upTo = tier.upTo;
      const calls = Math.max(0, Math.min(perCall, upTo ?? Number.POSITIVE_INFINITY) - from + 1);
      const row = { from, up_to: upTo, price_fen: tier.priceFen, calls, amount: calls * tier.priceFen };
      from = (upTo ?? from) + 1;
      return row;
    });
    const days = await this.db
      .select({
        day: prsCalls.day,
        packageCalls: sql<number>`count(*) filter (where ${prsCalls.billing} = 'package')`.mapWith(Number),
        perCallCalls: sql<number>`count(*) filter (where ${prsCalls.billing} = 'per_call')`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${prsCalls.amount}), 0)`.mapWith(Number),
      })
      .from(prsCalls)
      .where(
        and(
          eq(prsCalls.companyId, companyId),
          eq(prsCalls.month, month),
          inArray(prsCalls.billing, ['package', 'per_call']),
        ),
      )
      .groupBy(prsCalls.day)
      .orderBy(asc(prsCalls.day));
    const sum = (key: 'packageCalls' | 'perCallCalls' | 'amount') =>
      days.reduce((total, day) => total + day[key], 0);
    return {
      month,
      tiers,
      days: days.map((day) => ({
        day: day.day,
        package_calls: day.packageCalls,
        per_call_calls: day.perCallCalls,
        amount: day.amount,
      })),
      package_calls: sum('packageCalls'),
      per_call_calls: sum('perCallCalls'),
      amount: sum('amount'),
    };
  }

  /** Whether a package not expired has calls left. */
  private async packageLeft(companyId: number, at: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: prsPackages.id })
      .from(prsPackages)
      .where(this.usable(companyId, at))
      .limit(1);
    return row !== undefined;
  }

  private usable(companyId: number, at: Date) {
    return and(
      eq(prsPackages.companyId, companyId),
      gt(prsPackages.expiresAt, at),
      lt(prsPackages.used, prsPackages.calls),
    );
  }

  /**
   * Takes one call from the usable package that expires first: one conditional increment, which a
   * concurrent call emptying the package meanwhile makes match nothing — then the next is tried.
   */
  private async takeFromPackage(tx: Db, companyId: number, at: Date): Promise<number | null> {
    for (let attempt = 0; attempt < PACKAGE_ATTEMPTS; attempt++) {
      const [candidate] = await tx
        .select({ id: prsPackages.id })
        .from(prsPackages)
        .where(this.usable(companyId, at))
        .orderBy(asc(prsPackages.expiresAt), asc(prsPackages.id))
        .limit(1);
      if (!candidate) return null;
      const [taken] = await tx
        .update(prsPackages)
        .set({ used: sql`${prsPackages.used} + 1` })
        .where(and(eq(prsPackages.id, candidate.id), lt(prsPackages.used, prsPackages.calls)))
        .returning({ id: prsPackages.id });
      if (taken) return taken.id;
    }
    return null;
  }

  /** The call is refused for want of money: the service is suspended (the owner told once). */
  private async refuse(companyId: number): Promise<never> {
    await this.db.transaction((tx) => this.standing.suspend(tx, companyId, 'prs'));
    throw new ApiError(409, 'balance_insufficient');
  }

  private async resumeIfSuspended(companyId: number): Promise<void> {
    if (await this.standing.isSuspended(this.db, companyId))
      await this.db.transaction((tx) => this.standing.resume(tx, companyId, 'prs'));
  }

  private async byRequest(companyId: number, requestId: string, db: Db = this.db) {
    const [row] = await db
      .select()
      .from(prsPackages)
      .where(and(eq(prsPackages.companyId, companyId), eq(prsPackages.requestId, requestId)));
    return row ? toPackage(row) : undefined;
  }
}
