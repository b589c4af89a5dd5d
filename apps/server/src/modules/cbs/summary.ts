/**
 * The cloud-storage summary of the dashboard's card (issue 29): over the company's running and
 * suspended packages, the space kept against their plans' space quotas, and how many packages are
 * near a quota (NEAR_QUOTA_SHARE of their space or this month's flow, or more, below all of it) or
 * have reached or passed one — the same shares the overview's "near their quota" list is made of.
 */
import { type CbsSummary, NEAR_QUOTA_SHARE } from '@vap/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { fullestSql, quotaSql } from './dashboard.js';
import { cloudPackages } from './schema.js';

export async function cbsSummary(db: Db, companyId: number): Promise<CbsSummary> {
  const near = sql.raw(String(NEAR_QUOTA_SHARE));
  const [row] = await db
    .select({
      packages: sql<string>`count(*)`,
      spaceUsed: sql<string | null>`sum(${cloudPackages.spaceUsed})`,
      spaceQuota: sql<string | null>`sum(${quotaSql('space')})`,
      near: sql<string>`count(*) filter (where ${fullestSql} >= ${near} and ${fullestSql} < 1)`,
      over: sql<string>`count(*) filter (where ${fullestSql} >= 1)`,
    })
    .from(cloudPackages)
    .where(and(eq(cloudPackages.companyId, companyId), ne(cloudPackages.state, 'closed')));
  return {
    packages: Number(row?.packages ?? 0),
    space_used: Number(row?.spaceUsed ?? 0),
    space_quota: Number(row?.spaceQuota ?? 0),
    near_quota: Number(row?.near ?? 0),
    over_quota: Number(row?.over ?? 0),
  };
}
