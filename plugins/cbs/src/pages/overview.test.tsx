import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBS_PATHS } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhTW from '../locales/zh-TW.json';
import { baseAnswers, cloudPackage, dashboard, renderCbsPage } from '../test-support.js';

const MB = 1024 * 1024;

const answersWith = (body: ReturnType<typeof dashboard>) => ({
  ...baseAnswers(),
  [`GET ${CBS_PATHS.dashboard}`]: { body },
});

describe('cbs_dashboard: the overview', () => {
  it('shows per service the packages running and suspended, and space and flow against their quotas', async () => {
    await renderCbsPage(baseAnswers());
    const backup = await screen.findByTestId('usage-cloud_backup');
    expect(within(backup).getByRole('heading', { name: en.services.cloud_backup })).toBeTruthy();
    expect(within(backup).getByText(en.overview.active).nextElementSibling?.textContent).toBe('12');
    expect(within(backup).getByText(en.overview.suspended).nextElementSibling?.textContent).toBe('2');
    // 300M of 1200M, in units of 1024; 90M of 100M of flow.
    expect(within(backup).getByText(/300M of 1\.2G · 25%/)).toBeTruthy();
    expect(within(backup).getByText(/90M of 100M · 90%/)).toBeTruthy();
    const flow = within(backup).getByRole('progressbar', { name: 'Cloud backup flow used this month' });
    expect(flow.getAttribute('value')).toBe('90');
    const video = screen.getByTestId('usage-cloud_video');
    expect(
      within(video).getByRole('progressbar', { name: 'Cloud video space used' }).getAttribute('value'),
    ).toBe('10');
  });

  it('over quota (112 % of space, 144 % of flow) looks unlike a bar near it, and says what happens next (issue 29)', async () => {
    await renderCbsPage(
      answersWith(
        dashboard({
          totals: [
            {
              service: 'cloud_backup',
              active: 4,
              suspended: 0,
              space_used: 56 * MB,
              space_quota: 50 * MB,
              flow_used: 144 * MB,
              flow_quota: 100 * MB,
            },
            {
              service: 'cloud_video',
              active: 1,
              suspended: 0,
              space_used: 90 * MB,
              space_quota: 100 * MB,
              flow_used: 2 * MB,
              flow_quota: 100 * MB,
            },
          ],
        }),
      ),
    );
    const backup = await screen.findByTestId('usage-cloud_backup');
    const space = within(backup).getByTestId('quota-space');
    const spaceBar = within(space).getByRole('progressbar', { name: 'Cloud backup space used' });
    expect(spaceBar.getAttribute('data-level')).toBe('over');
    expect(spaceBar.getAttribute('aria-valuetext')).toBe('112%');
    expect(within(space).getByText(en.quota.over)).toBeTruthy();
    expect(within(space).getByText(/^Over by 6M: the devices keep more than their plans cover/)).toBeTruthy();
    const flow = within(backup).getByTestId('quota-flow');
    const flowBar = within(flow).getByRole('progressbar', { name: 'Cloud backup flow used this month' });
    expect(flowBar.getAttribute('data-level')).toBe('over');
    expect(flowBar.getAttribute('aria-valuetext')).toBe('144%');
    // The flow counts again with the next accounting month, which the line names.
    expect(
      within(flow).getByText(/^Over by 44M this month\. The flow counts again from \w{3} \d{1,2}, \d{4};/),
    ).toBeTruthy();

    const video = screen.getByTestId('usage-cloud_video');
    const near = within(video).getByTestId('quota-space');
    expect(within(near).getByRole('progressbar').getAttribute('data-level')).toBe('near');
    expect(within(near).getByText(en.quota.near)).toBeTruthy();
    expect(within(near).getByText(/^Nearly full: 10M left of the plans' space\./)).toBeTruthy();
    const normal = within(video).getByTestId('quota-flow');
    expect(within(normal).getByRole('progressbar').getAttribute('data-level')).toBe('normal');
    expect(within(normal).queryByText(en.quota.near)).toBeNull();
    expect(within(normal).queryByText(en.quota.over)).toBeNull();

    // Chromium paints a styled <progress> green whatever accent-color says: each level colours the
    // value itself, and over the quota differently from near it.
    const valueRules = (bar: HTMLElement) =>
      bar.className.split(/\s+/).filter((name) => name.includes('::-webkit-progress-value'));
    expect(spaceBar.className).not.toMatch(/\baccent-/);
    expect(valueRules(spaceBar).join(' ')).toContain('--color-danger');
    expect(valueRules(within(near).getByRole('progressbar')).join(' ')).toContain('bg-warning');
    expect(valueRules(within(normal).getByRole('progressbar')).join(' ')).toContain('bg-primary-accent');
  });

  it('a service without packages says so instead of empty bars', async () => {
    await renderCbsPage(answersWith(dashboard({ totals: [] })));
    const video = await screen.findByTestId('usage-cloud_video');
    expect(within(video).getByText(en.overview.noPackages)).toBeTruthy();
    expect(within(video).queryByRole('progressbar')).toBeNull();
  });

  it('charts the charges of the last six accounting months in yuan, and shows next month’s bill', async () => {
    await renderCbsPage(baseAnswers());
    // The chart carries its numbers in a table for screen readers.
    const chart = await screen.findByRole('table', { name: en.overview.chargesChart });
    const rows = within(chart).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Jun 2026¥0.00',
      'Jul 2026¥15.00',
      'Aug 2026¥60.00',
      'Sep 2026¥60.00',
      'Oct 2026¥72.50',
      'Nov 2026¥80.00',
    ]);
    expect(screen.getByTestId('next-month').textContent).toBe('¥95.00');
  });

  it('lists the packages near their quota: device, service, plan, and the share of space and flow used', async () => {
    await renderCbsPage(
      answersWith(
        dashboard({
          near_quota: [
            cloudPackage({ id: 7, plan: 'free', space_used: 45 * MB, flow_used: 2 * MB }),
            cloudPackage({
              id: 8,
              service: 'cloud_video',
              plan: 'r',
              device_name: '',
              space_used: 100 * MB,
              flow_used: 100 * MB,
            }),
          ],
        }),
      ),
    );
    const table = await screen.findByRole('table', { name: en.overview.nearQuota });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Camera 7')).toBeTruthy();
    expect(within(first).getByText(en.services.cloud_backup)).toBeTruthy();
    expect(within(first).getByText(en.plans.free)).toBeTruthy();
    expect(within(first).getByText('90%')).toBeTruthy();
    expect(within(first).getByText('20%')).toBeTruthy();
    // A device without a name is named by its serial.
    expect(within(second).getAllByText('12345678901320000008')).toHaveLength(2);
    expect(within(second).getByText(en.plans.r)).toBeTruthy();
    expect(within(second).getAllByText('100%')).toHaveLength(1);
    expect(within(second).getByText('20%')).toBeTruthy();
  });

  it('says when no package is near its quota', async () => {
    await renderCbsPage(baseAnswers());
    expect(await screen.findByText(en.overview.nearQuotaEmpty)).toBeTruthy();
    expect(screen.queryByRole('table', { name: en.overview.nearQuota })).toBeNull();
  });

  it('figures that fail to load say why, and Retry asks again', async () => {
    const { api } = await renderCbsPage({
      ...baseAnswers(),
      [`GET ${CBS_PATHS.dashboard}`]: refusal(403, {
        code: 'product_disabled',
        message: 'Cloud storage is not enabled for your company',
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cloud storage is not enabled for your company');
    api.answers[`GET ${CBS_PATHS.dashboard}`] = { body: dashboard() };
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await screen.findByTestId('usage-cloud_backup')).toBeTruthy();
    expect(callsTo(api.calls, 'GET', CBS_PATHS.dashboard)).toHaveLength(2);
  });

  it('Refresh asks the figures again', async () => {
    const { api } = await renderCbsPage(baseAnswers());
    await screen.findByTestId('usage-cloud_backup');
    await userEvent.click(screen.getByRole('button', { name: en.page.refresh }));
    await waitFor(() => expect(callsTo(api.calls, 'GET', CBS_PATHS.dashboard)).toHaveLength(2));
  });

  it('speaks the language the user chose', async () => {
    await renderCbsPage(baseAnswers(), { language: 'zh-TW' });
    expect(await screen.findByRole('heading', { name: zhTW.page.title, level: 1 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: zhTW.page.overview })).toBeTruthy();
    const backup = await screen.findByTestId('usage-cloud_backup');
    expect(within(backup).getByRole('heading', { name: zhTW.services.cloud_backup })).toBeTruthy();
    expect(await screen.findByRole('table', { name: zhTW.overview.chargesChart })).toBeTruthy();
  });
});
