/**
 * The vouchers of approved trade-in applications (spec §9: within 24 hours), issued by a step of
 * the finance schedule — durable work every server runs, not a timer in memory: an approval made
 * while no server runs is credited by the next one to start. Each application is claimed under
 * SKIP LOCKED and marked credited in the transaction that issues its vouchers, so that several
 * servers, or a run and a retry, credit each once.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import type { Coupons } from '../finance/index.js';
import { tradeInApplications as applications } from './schema.js';

const DAY_MS = 86_400_000;
/** Applications credited per transaction of a run. */
const BATCH = 20;

export class TradeInCredit {
  constructor(
    private readonly db: Db,
    private readonly coupons: Coupons,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Issues the vouchers of approved applications not yet credited (a finance schedule step):
   * each in one transaction with its `credited_at`, claimed under SKIP LOCKED so that several
   * servers, or a run and a retry, credit each once. Answers how many applications were credited.
   */
  async run(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(applications)
          .where(and(eq(applications.status, 'approved'), isNull(applications.creditedAt)))
          .orderBy(asc(applications.id))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        const at = new Date(this.now());
        for (const row of rows) {
          if (row.vouchers > 0) {
            await this.coupons.issue(
              {
                companyId: row.companyId,
                value: row.voucherValueFen,
                validFrom: at,
                validUntil: new Date(at.getTime() + row.voucherValidDays * DAY_MS),
                source: 'trade_in',
              },
              row.vouchers,
              tx,
            );
          }
          await tx.update(applications).set({ creditedAt: at }).where(eq(applications.id, row.id));
        }
        return rows.length;
      });
      done += batch;
      if (batch < BATCH) return done;
    }
  }
}
