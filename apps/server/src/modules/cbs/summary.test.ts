/**
 * The cloud-storage summary of the dashboard's card (issue 29): the running and suspended packages'
 * space against their plans' quotas, and how many are near a quota or at or over one (112 % and
 * 144 % of it are over, not "near"), agreeing with the overview; the caller's company only, with the
 * page and the product cbs on.
 */
import {
  CBS_PATHS,
  type CbsDashboard,
  type CbsSummary,
  CLOUD_PLAN_QUOTAS,
  type CloudPlan,
  type CloudService,
} from '@vap/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../core/db/schema.js';
import { addAccount } from '../../testing/accounts.js';
import { cardSummary } from '../../testing/card-summary.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { demoOwner } from '../../testing/test-app.js';
import { cloudPackages } from './schema.js';

const MB = 1024 * 1024;

describe.each(ENGINES)('the cloud-storage summary (issue 29) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;

  blockApp(engine, { taskTickMs: 0 }, async (app) => {
    t = app;
    ({ headers: owner, companyId } = await demoOwner(t));
    const { db } = t.database;
    // The demo's packages, none of them used yet.
    const rows = await db
      .select({ id: cloudPackages.id, service: cloudPackages.service, plan: cloudPackages.plan })
      .from(cloudPackages)
      .where(eq(cloudPackages.companyId, companyId))
      .orderBy(asc(cloudPackages.id));
    const first = (service: CloudService, plan: CloudPlan, skip = 0) => {
      const found = rows.filter((row) => row.service === service && row.plan === plan)[skip];
      if (!found) throw new Error(`no ${service} ${plan} package`);
      return found.id;
    };
    const use = (id: number, space: number, flow = 0, state?: 'suspended' | 'closed') =>
      db
        .update(cloudPackages)
        .set({ spaceUsed: space, flowUsed: flow, ...(state ? { state } : {}) })
        .where(eq(cloudPackages.id, id));
    await use(first('cloud_backup', 'r'), 450 * MB); // 90 % of 500M: near
    await use(first('cloud_backup', 'c'), 10 * MB, 30 * MB); // 150 % of 20M of flow: over
    await use(first('cloud_backup', 'free'), 56 * MB); // 112 % of 50M: over
    await use(first('cloud_video', 'c'), 144 * MB, 0, 'suspended'); // 144 %, suspended: over
    await use(first('cloud_video', 'c', 1), 85 * MB); // 85 %: near
    await use(first('cloud_backup', 'free', 1), 500 * MB, 0, 'closed'); // closed: not counted
  });

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers });
  const { summary, refusal, memberRefusal } = cardSummary<CbsSummary>(() => t, CBS_PATHS.summary);

  it('sums space against quota over the running and suspended packages, and counts near and over', async () => {
    const running = await t.database.db
      .select({ plan: cloudPackages.plan })
      .from(cloudPackages)
      .where(and(eq(cloudPackages.companyId, companyId), ne(cloudPackages.state, 'closed')));
    expect(await summary(owner)).toEqual({
      packages: running.length,
      space_used: (450 + 10 + 56 + 144 + 85) * MB,
      space_quota: running.reduce((sum, row) => sum + CLOUD_PLAN_QUOTAS[row.plan].space, 0),
      near_quota: 2,
      over_quota: 3,
    });
  });

  it('agrees with the overview of the cloud-storage page', async () => {
    const overview = (await get(CBS_PATHS.dashboard, owner)).json<CbsDashboard>();
    const card = await summary(owner);
    expect(card.space_used).toBe(overview.totals.reduce((sum, item) => sum + item.space_used, 0));
    expect(card.space_quota).toBe(overview.totals.reduce((sum, item) => sum + item.space_quota, 0));
    expect(card.near_quota + card.over_quota).toBe(overview.near_quota.length);
  });

  it("shows another company nothing of this one's, and is refused while the product is off", async () => {
    const stranger = await addAccount(t, { company: 'own', verifyStatus: 2 });
    expect(await refusal(stranger.headers)).toEqual([403, 'product_disabled']);
    await t.database.db
      .update(companies)
      .set({ cbs: 0 })
      .where(eq(companies.id, stranger.companyId ?? 0));
    expect(await summary(stranger.headers)).toEqual({
      packages: 0,
      space_used: 0,
      space_quota: 0,
      near_quota: 0,
      over_quota: 0,
    });
  });

  it('needs the cloud-storage page (403 without it)', async () => {
    expect(await memberRefusal(companyId, { recharge: [] })).toEqual([403, 'forbidden']);
  });
});
