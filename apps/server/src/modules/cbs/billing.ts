/**
 * The monthly run of cloud packages (issue 17), on the finance schedule of every server: a package
 * whose paid month has ended takes its next plan (or closes) and is billed the plan's full price
 * for the month now begun. A balance that does not cover it suspends the package — and the company's
 * paid services — until a later run finds the balance covers the month again. Packages are claimed
 * under `FOR UPDATE SKIP LOCKED`, so several servers bill each package once; the ledger's reference
 * (device, package, month) makes a repeated charge impossible besides.
 *
 * Near the month's end, an owner whose balance will not cover next month's packages is warned once.
 */
import { accountingMonthStart, CLOUD_PLAN_PRICES, type CloudPlan } from '@vap/contracts';
import { and, asc, eq, gt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import { ApiError } from '../../core/http/errors.js';
import type { CompanyStanding, Ledger } from '../finance/index.js';
import {
  type CloudPackages,
  monthKey,
  type PackageRow,
  packageColumns,
  setDeviceCloudState,
} from './packages.js';
import { cloudPackages } from './schema.js';

/** Packages billed per transaction. */
const BATCH = 50;
/** How long before a month's end the owner hears that the balance will not cover the next. */
export const RENEWAL_WARNING_DAYS = 3;

export class CloudBilling {
  constructor(
    private readonly db: Db,
    private readonly packages: CloudPackages,
    private readonly ledger: Ledger,
    private readonly standing: CompanyStanding,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bills every package whose month has ended; answers how many were looked at. */
  async bill(): Promise<number> {
    let after = 0;
    let seen = 0;
    for (;;) {
      const batch = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select(packageColumns)
          .from(cloudPackages)
          .innerJoin(devices, eq(devices.id, cloudPackages.deviceId))
          .where(
            and(
              ne(cloudPackages.state, 'closed'),
              lte(cloudPackages.periodEnd, new Date(this.now())),
              gt(cloudPackages.id, after),
            ),
          )
          .orderBy(asc(cloudPackages.id))
          .limit(BATCH)
          .for('update', { of: cloudPackages, skipLocked: true });
        const companies = new Set<number>();
        for (const row of rows) {
          await this.renew(tx, row);
          companies.add(row.companyId);
        }
        for (const companyId of companies) await this.settleStanding(tx, companyId);
        return rows;
      });
      seen += batch.length;
      const last = batch.at(-1);
      if (!last || batch.length < BATCH) return seen;
      after = last.id;
    }
  }

  /** Warns the owners whose balance will not cover next month, in the month's last days. */
  async warnRenewals(): Promise<void> {
    const at = this.now();
    const next = accountingMonthStart(at, 1);
    if (next.getTime() - at > RENEWAL_WARNING_DAYS * 86_400_000) return;
    const price = sql<number>`case
      when ${cloudPackages.nextPlan} = 'closed' then 0
      else (${priceSql(sql`coalesce(${cloudPackages.nextPlan}, ${cloudPackages.plan})`)})
    end`;
    const dues = await this.db
      .select({ companyId: cloudPackages.companyId, due: sql<string>`sum(${price})` })
      .from(cloudPackages)
      .where(ne(cloudPackages.state, 'closed'))
      .groupBy(cloudPackages.companyId);
    for (const { companyId, due } of dues) {
      const amount = Number(due);
      if (amount <= 0) continue;
      const balance = await this.ledger.balance(companyId);
      if (balance >= amount) continue;
      await this.db.transaction((tx) =>
        this.standing.renewalShort(tx, companyId, monthKey(next), amount, balance),
      );
    }
  }

  private async renew(tx: Db, row: PackageRow): Promise<void> {
    const at = this.now();
    if (row.nextPlan === 'closed') {
      await tx
        .update(cloudPackages)
        .set({ state: 'closed', nextPlan: null, closedAt: row.periodEnd })
        .where(eq(cloudPackages.id, row.id));
      await setDeviceCloudState(tx, row.deviceId, row.service, 'expired');
      return;
    }
    const plan: CloudPlan = row.nextPlan ?? row.plan;
    try {
      await this.packages.charge(tx, row, 'month', plan, CLOUD_PLAN_PRICES[row.service][plan], null);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'balance_insufficient') throw error;
      if (row.state !== 'suspended') {
        await tx
          .update(cloudPackages)
          .set({ state: 'suspended', plan, nextPlan: null })
          .where(eq(cloudPackages.id, row.id));
        await setDeviceCloudState(tx, row.deviceId, row.service, 'suspended');
      }
      return;
    }
    await tx
      .update(cloudPackages)
      .set({
        state: 'active',
        plan,
        nextPlan: null,
        periodStart: accountingMonthStart(at),
        periodEnd: accountingMonthStart(at, 1),
        // A new month's flow; the space stays what it is.
        flowUsed: 0,
      })
      .where(eq(cloudPackages.id, row.id));
    if (row.state === 'suspended') await setDeviceCloudState(tx, row.deviceId, row.service, 'active');
  }

  /** Suspended while any of the company's packages is; resumed once none is. */
  private async settleStanding(tx: Db, companyId: number): Promise<void> {
    const [suspended] = await tx
      .select({ id: cloudPackages.id })
      .from(cloudPackages)
      .where(and(eq(cloudPackages.companyId, companyId), eq(cloudPackages.state, 'suspended')))
      .limit(1);
    if (suspended) await this.standing.suspend(tx, companyId);
    else await this.standing.resume(tx, companyId);
  }
}

/** The monthly price of a plan column, by service, in SQL. */
export function priceSql(plan: SQL): SQL {
  const cases = Object.entries(CLOUD_PLAN_PRICES).flatMap(([service, prices]) =>
    Object.entries(prices).map(
      ([name, fen]) =>
        sql`when ${cloudPackages.service} = ${service} and ${plan} = ${name} then ${sql.raw(String(fen))}`,
    ),
  );
  return sql`case ${sql.join(cases, sql` `)} else 0 end`;
}
