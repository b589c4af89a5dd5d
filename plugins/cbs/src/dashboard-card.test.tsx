import './test-support.js';
import { screen, within } from '@testing-library/react';
import { CBS_PATHS, type CbsSummary } from '@vap/contracts';
import { type Answer, contributionsFor, refusal, testMenuItem, testUser } from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { dashboardCard } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import CloudStorageCard from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

const MB = 1024 * 1024;

/** A member with the dashboard and, with `page`, cloud storage; the company's flag cbs is `flag`. */
const member = ({ page = true, flag = 0 }: { page?: boolean; flag?: number } = {}) => {
  const base = testUser();
  return testUser({
    role_id: 3,
    role_name: '运维人员',
    menus: [
      testMenuItem({ id: 1, name: 'dashboard', type: 'page' }),
      ...(page ? [testMenuItem({ id: 2, name: 'cbs_dashboard', type: 'page', path: 'cloud-storage' })] : []),
    ],
    company: base.company && { ...base.company, products: { ...base.company.products, cbs: flag } },
  });
};

const summary = (partial: Partial<CbsSummary> = {}): CbsSummary => ({
  packages: 18,
  space_used: 1200 * MB,
  space_quota: 4000 * MB,
  near_quota: 2,
  over_quota: 0,
  ...partial,
});

const storageCard = dashboardCard({
  card: <CloudStorageCard />,
  plugin,
  testId: 'cbs-card',
  summary: CBS_PATHS.summary,
});
const render = (answer: Answer, language: 'en' | 'zh-CN' | 'zh-TW' = 'en', user = member()) =>
  storageCard.render(answer, { user, language });

describe('the dashboard card "Cloud storage" (issue 29)', () => {
  it('shows the space used against quota and the packages near their quota, with a link to cloud storage', async () => {
    await render({ body: summary() });
    const card = await storageCard.find();
    expect(within(card).getByRole('heading', { name: en.dashboardCard.title })).toBeTruthy();
    expect(await within(card).findByText(/1\.2G of 3\.9G · 30%/)).toBeTruthy();
    const bar = within(card).getByRole('progressbar', { name: en.dashboardCard.spaceOf });
    expect(bar.getAttribute('data-level')).toBe('normal');
    expect(within(card).getByText('18 packages')).toBeTruthy();
    expect(within(card).getByText('2 packages near their quota')).toBeTruthy();
    expect(within(card).queryByText(en.dashboardCard.overHint)).toBeNull();
    expect(within(card).getByRole('link', { name: en.dashboardCard.open }).getAttribute('href')).toBe(
      '/cloud-storage',
    );
  });

  it('says how many packages are at or over a quota, and what to do', async () => {
    await render({ body: summary({ near_quota: 0, over_quota: 1 }) });
    const card = await storageCard.find();
    expect(await within(card).findByText('1 package at or over its quota')).toBeTruthy();
    expect(within(card).getByText(en.dashboardCard.overHint)).toBeTruthy();
    expect(within(card).queryByText(/near/)).toBeNull();
  });

  it('says so when no package is open yet', async () => {
    await render({ body: summary({ packages: 0, space_used: 0, space_quota: 0, near_quota: 0 }) });
    expect(await within(await storageCard.find()).findByText(en.dashboardCard.empty)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when the figures cannot be loaded, and Retry asks again', async () => {
    const { api } = await render(refusal(500, { code: 'internal', message: 'Server error' }));
    expect((await storageCard.findAlert()).textContent).toContain(en.dashboardCard.loadFailed);
    await storageCard.retry(api, { body: summary() }, en.common.retry);
    expect(await screen.findByText('18 packages')).toBeTruthy();
    expect(storageCard.summaryCalls(api)).toHaveLength(2);
  });

  it('is not shown, and asks nothing, to a user without the cloud-storage page', async () => {
    const { api } = await render({ body: summary() }, 'en', member({ page: false }));
    expect(await storageCard.shownAfterAMoment()).toBe(false);
    expect(storageCard.summaryCalls(api)).toEqual([]);
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks %s', async (language, words) => {
    await render({ body: summary() }, language);
    const card = await storageCard.find();
    expect(within(card).getByRole('heading', { name: words.dashboardCard.title })).toBeTruthy();
    expect(await within(card).findByText(words.dashboardCard.space)).toBeTruthy();
    expect(within(card).getByRole('link', { name: words.dashboardCard.open })).toBeTruthy();
  });

  it('is contributed for page cbs_dashboard while the product is on, and not at all while it is off', async () => {
    const on = await contributionsFor(DashboardCards, { plugins: [plugin], user: member() });
    expect(on.map((each) => [each.id, each.value.page])).toEqual([['cbs-storage', 'cbs_dashboard']]);
    expect(await contributionsFor(DashboardCards, { plugins: [plugin], user: member({ flag: 1 }) })).toEqual(
      [],
    );
  });
});
