/**
 * The money summary of the dashboard's card (issue 29): the balance and this month's spending as
 * the recharge page reads them, and the next bill — what the cloud packages will be billed at the
 * start of next accounting month, following their planned changes — for the caller's company only,
 * with the recharge page.
 */
import {
  accountingMonthStart,
  CBS_PATHS,
  type CbsDashboard,
  CLOUD_PLAN_PRICES,
  type CloudPackage,
  FINANCE_PATHS,
  type Finance,
  type FinanceSummary,
  type ListPage,
} from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { cardSummary } from '../../testing/card-summary.js';
import { bearer, ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

describe.each(ENGINES)('the money summary (issue 29) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  const at = Date.now();

  blockApp(engine, { taskTickMs: 0, clock: () => at }, async (app) => {
    t = app;
    owner = bearer(await t.signIn());
  });

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers });
  const { summary, strangerSummary, memberRefusal } = cardSummary<FinanceSummary>(
    () => t,
    FINANCE_PATHS.summary,
  );

  it("shows the balance and this month's spending as the recharge page does, and the next bill", async () => {
    const money = (await get(FINANCE_PATHS.finance, owner)).json<Finance>();
    const cloud = (await get(CBS_PATHS.dashboard, owner)).json<CbsDashboard>();
    expect(cloud.next_month).toBeGreaterThan(0);
    expect(await summary(owner)).toEqual({
      balance: money.balance,
      month_spending: money.month_spending,
      next_bill: cloud.next_month,
      next_bill_at: accountingMonthStart(at, 1).toISOString(),
      low_balance: money.low_balance,
      suspended: money.suspended,
    });
  });

  it('follows the packages: one closing next month leaves the next bill', async () => {
    const before = (await summary(owner)).next_bill;
    const packages = (await get(`${CBS_PATHS.packages}?size=100`, owner)).json<ListPage<CloudPackage>>();
    const paid = packages.items.find((item) => item.plan === 'r' && item.state === 'active');
    if (!paid) throw new Error('no R series package in the demo');
    const closed = await t.app.inject({
      method: 'POST',
      url: `/webapi${CBS_PATHS.close(paid.id)}`,
      headers: owner,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await summary(owner)).next_bill).toBe(before - CLOUD_PLAN_PRICES[paid.service].r);
  });

  it("a company without monthly services owes nothing next month, and sees none of another's money", async () => {
    expect(await strangerSummary()).toMatchObject({
      balance: 0,
      month_spending: 0,
      next_bill: 0,
      suspended: false,
    });
  });

  it('needs the recharge page, as the balance does (403 without it)', async () => {
    const info = (await get('/v1/pms/user', owner)).json<{ company: { id: number } }>();
    expect(await memberRefusal(info.company.id, { dashboard: [] })).toEqual([403, 'forbidden']);
  });
});
