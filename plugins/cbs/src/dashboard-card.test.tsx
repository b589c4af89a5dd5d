import './test-support.js';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBS_PATHS, type CbsSummary } from '@vap/contracts';
import {
  callsTo,
  createTestKernel,
  type RecordedCall,
  refusal,
  renderWithKernel,
  testMenuItem,
  testUser,
} from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { sharedMessages } from '@vap/ui/testing';
import { afterEach, describe, expect, it } from 'vitest';
import CloudStorageCard from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

afterEach(cleanup);

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

const render = (answer: object, language: 'en' | 'zh-CN' | 'zh-TW' = 'en', user = member()) =>
  renderWithKernel(<CloudStorageCard />, {
    plugins: [plugin],
    user,
    messages: sharedMessages,
    path: '/dashboard',
    language,
    answers: { [`GET ${CBS_PATHS.summary}`]: answer },
  });

const summaryCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', CBS_PATHS.summary);

describe('the dashboard card "Cloud storage" (issue 29)', () => {
  it('shows the space used against quota and the packages near their quota, with a link to cloud storage', async () => {
    await render({ body: summary() });
    const card = await screen.findByTestId('cbs-card');
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
    const card = await screen.findByTestId('cbs-card');
    expect(await within(card).findByText('1 package at or over its quota')).toBeTruthy();
    expect(within(card).getByText(en.dashboardCard.overHint)).toBeTruthy();
    expect(within(card).queryByText(/near/)).toBeNull();
  });

  it('says so when no package is open yet', async () => {
    await render({ body: summary({ packages: 0, space_used: 0, space_quota: 0, near_quota: 0 }) });
    expect(
      await within(await screen.findByTestId('cbs-card')).findByText(en.dashboardCard.empty),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says when the figures cannot be loaded, and Retry asks again', async () => {
    const { api } = await render(refusal(500, { code: 'internal', message: 'Server error' }));
    const alert = await within(await screen.findByTestId('cbs-card')).findByRole('alert');
    expect(alert.textContent).toContain(en.dashboardCard.loadFailed);
    api.answers[`GET ${CBS_PATHS.summary}`] = { body: summary() };
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await screen.findByText('18 packages')).toBeTruthy();
    expect(summaryCalls(api.calls)).toHaveLength(2);
  });

  it('is not shown, and asks nothing, to a user without the cloud-storage page', async () => {
    const { api } = await render({ body: summary() }, 'en', member({ page: false }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('cbs-card')).toBeNull();
    expect(summaryCalls(api.calls)).toEqual([]);
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks %s', async (language, words) => {
    await render({ body: summary() }, language);
    const card = await screen.findByTestId('cbs-card');
    expect(within(card).getByRole('heading', { name: words.dashboardCard.title })).toBeTruthy();
    expect(await within(card).findByText(words.dashboardCard.space)).toBeTruthy();
    expect(within(card).getByRole('link', { name: words.dashboardCard.open })).toBeTruthy();
  });

  it('is contributed for page cbs_dashboard while the product is on, and not at all while it is off', async () => {
    const on = await createTestKernel({ plugins: [plugin], user: member() });
    expect(
      on.kernel.registry
        .contributions(DashboardCards, on.kernel.session.state.context)
        .map((card) => [card.id, card.value.page]),
    ).toEqual([['cbs-storage', 'cbs_dashboard']]);
    const off = await createTestKernel({ plugins: [plugin], user: member({ flag: 1 }) });
    expect(off.kernel.registry.contributions(DashboardCards, off.kernel.session.state.context)).toEqual([]);
  });
});
