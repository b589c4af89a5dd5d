/**
 * The cloud-storage dashboard (page cbs_dashboard): space and flow used against quota by service,
 * the packages near their quota, the charges of the last six accounting months and what the running
 * packages will cost next month.
 */
import {
  accountingMonthStart,
  type CbsDashboard,
  CLOUD_PLAN_QUOTAS,
  CLOUD_SERVICES,
  NEAR_QUOTA_SHARE,
} from '@vap/contracts';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { devices } from '../../core/db/devices.js';
import type { Ledger } from '../finance/index.js';
import { priceSql } from './billing.js';
import { monthKey, packageColumns, toCloudPackage } from './packages.js';
import { cloudPackages } from './schema.js';

/** A plan's quota in SQL (space or flow). */
export function quotaSql(kind: 'space' | 'flow'): SQL {
  const cases = Object.entries(CLOUD_PLAN_QUOTAS).map(
    ([plan, quota]) => sql`when ${cloudPackages.plan} = ${plan} then ${sql.raw(String(quota[kind]))}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else 0 end)`;
}

/** The larger share of its quotas a package has used, of space or of this month's flow. */
export const fullestSql = sql`greatest(
  ${cloudPackages.spaceUsed}::float8 / ${quotaSql('space')},
  ${cloudPackages.flowUsed}::float8 / ${quotaSql('flow')}
)`;

/** Fen the company's running packages are billed at the start of next month (their next plans). */
export async function nextMonthDue(db: Db, companyId: number): Promise<number> {
  const nextPrice = sql`case when ${cloudPackages.nextPlan} = 'closed' then 0
    else ${priceSql(sql`coalesce(${cloudPackages.nextPlan}, ${cloudPackages.plan})`)} end`;
  const [row] = await db
    .select({ due: sql<string | null>`sum(${nextPrice})` })
    .from(cloudPackages)
    .where(and(eq(cloudPackages.companyId, companyId), ne(cloudPackages.state, 'closed')));
  return Number(row?.due ?? 0);
}

const MONTHS = 6;

export class CbsDashboards {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly now: () => number = Date.now,
  ) {}

  async of(companyId: number): Promise<CbsDashboard> {
    const running = and(eq(cloudPackages.companyId, companyId), ne(cloudPackages.state, 'closed'));
    const fullest = fullestSql;
    const firstMonth = accountingMonthStart(this.now(), -(MONTHS - 1));
    const [totals, near, next, charges] = await Promise.all([
      this.db
        .select({
          service: cloudPackages.service,
          active: sql<string>`count(*) filter (where ${cloudPackages.state} = 'active')`,
          suspended: sql<string>`count(*) filter (where ${cloudPackages.state} = 'suspended')`,
          spaceUsed: sql<string>`sum(${cloudPackages.spaceUsed})`,
          spaceQuota: sql<string>`sum(${quotaSql('space')})`,
          flowUsed: sql<string>`sum(${cloudPackages.flowUsed})`,
          flowQuota: sql<string>`sum(${quotaSql('flow')})`,
        })
        .from(cloudPackages)
        .where(running)
        .groupBy(cloudPackages.service),
      this.db
        .select(packageColumns)
        .from(cloudPackages)
        .innerJoin(devices, eq(devices.id, cloudPackages.deviceId))
        .where(and(running, sql`${fullest} >= ${sql.raw(String(NEAR_QUOTA_SHARE))}`))
        .orderBy(desc(fullest), desc(cloudPackages.id))
        .limit(20),
      nextMonthDue(this.db, companyId),
      this.ledger.chargesByMonth(companyId, CLOUD_SERVICES, firstMonth),
    ]);
    const byMonth = new Map(charges.map((row) => [row.month, row.amount]));
    return {
      totals: CLOUD_SERVICES.map((service) => {
        const row = totals.find((total) => total.service === service);
        return {
          service,
          active: Number(row?.active ?? 0),
          suspended: Number(row?.suspended ?? 0),
          space_used: Number(row?.spaceUsed ?? 0),
          space_quota: Number(row?.spaceQuota ?? 0),
          flow_used: Number(row?.flowUsed ?? 0),
          flow_quota: Number(row?.flowQuota ?? 0),
        };
      }),
      near_quota: near.map(toCloudPackage),
      charges: Array.from({ length: MONTHS }, (_, index) => {
        const month = monthKey(accountingMonthStart(firstMonth.getTime(), index));
        return { month, amount: byMonth.get(month) ?? 0 };
      }),
      next_month: next,
    };
  }
}
