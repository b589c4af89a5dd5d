import '../test-support.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CBS_PATHS, type CloudPackage } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal, wheresOf } from '@vap/kernel/testing';
import { choose, findRow, rowAction, rowActionNames } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import {
  baseAnswers,
  cloudPackage,
  midNovember,
  type PageOptions,
  rechargeMenu,
  renderCbsPage,
  videoDetailMenu,
} from '../test-support.js';

midNovember();

const running = cloudPackage({ id: 1, plan: 'c' });
const largest = cloudPackage({ id: 2, plan: 'r', service: 'cloud_video', space_used: 480 * 1024 * 1024 });
const shrinking = cloudPackage({ id: 3, plan: 'r', next_plan: 'c' });
const closing = cloudPackage({ id: 4, plan: 'c', next_plan: 'closed' });
const suspended = cloudPackage({ id: 5, plan: 'c', state: 'suspended' });
const free = cloudPackage({ id: 6, plan: 'free' });

async function renderPackages(packages: readonly CloudPackage[], options: PageOptions = {}) {
  const rendered = await renderCbsPage(baseAnswers(packages), options);
  await userEvent.click(await screen.findByRole('tab', { name: en.page.packages }));
  return rendered;
}

const table = () => screen.findByRole('table', { name: en.page.packages });
const rowOf = (name: string) => findRow(en.page.packages, name);
const listCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', CBS_PATHS.packages);
const dashboardCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', CBS_PATHS.dashboard);
const changeAnswer = (changed: CloudPackage, charged: number) => ({ body: { packages: [changed], charged } });

describe('cbs_dashboard: the packages', () => {
  it('are asked when their tab is first opened, then kept with their searches while the overview shows', async () => {
    const { api } = await renderCbsPage(baseAnswers([running]));
    await screen.findByTestId('usage-cloud_backup');
    expect(listCalls(api.calls)).toHaveLength(0);
    await userEvent.click(screen.getByRole('tab', { name: en.page.packages }));
    await rowOf('Camera 1');
    await userEvent.type(screen.getByRole('searchbox', { name: en.packages.serial }), '0132');
    await userEvent.click(screen.getByRole('tab', { name: en.page.overview }));
    await userEvent.click(screen.getByRole('tab', { name: en.page.packages }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: en.packages.serial }).value).toBe('0132');
    expect(listCalls(api.calls)).toHaveLength(1);
  });

  it('lists each package: device and serial, service, plan, state, space and flow against quota, paid until', async () => {
    await renderPackages([running, largest]);
    const row = await rowOf('Camera 1');
    expect(within(row).getByText(running.sn)).toBeTruthy();
    expect(within(row).getByText(en.services.cloud_backup)).toBeTruthy();
    expect(within(row).getByText(en.plans.c)).toBeTruthy();
    expect(within(row).getByText(en.states.active)).toBeTruthy();
    expect(within(row).getByText('10M / 100M')).toBeTruthy();
    expect(within(row).getByText('2M / 20M')).toBeTruthy();
    // Paid until the start of December in UTC+8: the last day paid is 30 November.
    expect(within(row).getByText('Nov 30, 2026')).toBeTruthy();
    const video = await rowOf('Camera 2');
    expect(within(video).getByText(en.services.cloud_video)).toBeTruthy();
    expect(within(video).getByText('480M / 500M')).toBeTruthy();
    expect(
      within(video).getByRole('progressbar', { name: 'Space used by Camera 2' }).getAttribute('value'),
    ).toBe('96');
  });

  it('shows the plan a package changes to next month, and one that closes next month', async () => {
    await renderPackages([shrinking, closing, suspended]);
    expect(within(await rowOf('Camera 3')).getByText('→ C series next month')).toBeTruthy();
    expect(within(await rowOf('Camera 4')).getByText(en.packages.closing)).toBeTruthy();
    expect(within(await rowOf('Camera 5')).getByText(en.states.suspended)).toBeTruthy();
  });

  it('the filters become wheres: service, plan, state (closed ones too) and serial', async () => {
    const { api } = await renderPackages([running]);
    await table();
    expect(wheresOf(listCalls(api.calls)[0])).toEqual([]);
    const filters = screen.getByRole('form', { name: en.packages.filters });
    const pick = async (field: string, option: string) => {
      await choose(filters, field, option);
    };
    await pick(en.columns.service, en.services.cloud_video);
    await pick(en.columns.plan, en.plans.r);
    await pick(en.columns.state, en.states.closed);
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.packages.serial }), '0132');
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(listCalls(api.calls).at(-1))).toEqual([
        { k: 'service', o: '=', v: 'cloud_video' },
        { k: 'plan', o: '=', v: 'r' },
        { k: 'state', o: '=', v: 'closed' },
        { k: 'sn', o: 'like', v: '0132' },
      ]),
    );
  });

  it('hides Open packages, Change plan and Close from a role without the buy and close buttons', async () => {
    await renderPackages([running], { roleId: 4, buttons: [] });
    const row = await rowOf('Camera 1');
    expect(within(row).queryByRole('button', { name: en.packages.change })).toBeNull();
    expect(within(row).queryByRole('button', { name: en.packages.close })).toBeNull();
    expect(screen.queryByRole('button', { name: en.packages.open })).toBeNull();
  });

  it('a role with only the close button may close but neither open nor change', async () => {
    await renderPackages([running], { roleId: 4, buttons: ['close'] });
    const row = await rowOf('Camera 1');
    expect(within(row).getByRole('button', { name: en.packages.close })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: en.packages.change })).toBeNull();
    expect(screen.queryByRole('button', { name: en.packages.open })).toBeNull();
  });

  it('a role with the buy button may open packages and change a running one’s plan', async () => {
    await renderPackages([running, suspended], { roleId: 4, buttons: ['buy'] });
    expect(within(await rowOf('Camera 1')).getByRole('button', { name: en.packages.change })).toBeTruthy();
    // A suspended package resumes once the balance covers it; until then its plan stays.
    expect(within(await rowOf('Camera 5')).queryByRole('button', { name: en.packages.change })).toBeNull();
    expect(screen.getByRole('button', { name: en.packages.open })).toBeTruthy();
  });
});

describe('cbs_dashboard: closing a package', () => {
  it('Close asks first, saying a paid package runs until the month’s end; keeping it sends nothing', async () => {
    const { api } = await renderPackages([running]);
    await userEvent.click(within(await rowOf('Camera 1')).getByRole('button', { name: en.packages.close }));
    const question = await screen.findByRole('alertdialog', { name: "Close Camera 1's Cloud backup?" });
    expect(
      within(question).getByText(/keeps running until Nov 30, 2026 and closes at the start of next month/),
    ).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: en.common.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(api.calls, 'POST', CBS_PATHS.close(running.id))).toEqual([]);
  });

  it('a free package closes at once, the confirmation says so', async () => {
    await renderPackages([free], {
      answers: { [`POST ${CBS_PATHS.close(free.id)}`]: changeAnswer({ ...free, state: 'closed' }, 0) },
    });
    await userEvent.click(within(await rowOf('Camera 6')).getByRole('button', { name: en.packages.close }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText(en.close.now)).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: en.close.ok }));
    expect(await screen.findByText("Camera 6's Cloud backup is closed")).toBeTruthy();
  });

  it('a confirmed Close closes next month, then the list and the figures are asked again', async () => {
    const { api } = await renderPackages([running], {
      answers: {
        [`POST ${CBS_PATHS.close(running.id)}`]: changeAnswer({ ...running, next_plan: 'closed' }, 0),
      },
    });
    await userEvent.click(within(await rowOf('Camera 1')).getByRole('button', { name: en.packages.close }));
    const listed = listCalls(api.calls).length;
    const figured = dashboardCalls(api.calls).length;
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: en.close.ok }),
    );
    expect(await screen.findByText("Camera 1's Cloud backup closes at the start of next month")).toBeTruthy();
    expect(callsTo(api.calls, 'POST', CBS_PATHS.close(running.id))).toHaveLength(1);
    await waitFor(() => expect(listCalls(api.calls).length).toBeGreaterThan(listed));
    // The overview, shown again, has its figures asked anew.
    await userEvent.click(screen.getByRole('tab', { name: en.page.overview }));
    await waitFor(() => expect(dashboardCalls(api.calls).length).toBeGreaterThan(figured));
  });
});

describe('cbs_dashboard: changing a plan', () => {
  const openChange = async (name: string) => {
    await userEvent.click(within(await rowOf(name)).getByRole('button', { name: en.packages.change }));
    return screen.findByRole('dialog');
  };

  it('a larger plan takes effect now: the dialog estimates the prorated difference, the message says what was charged', async () => {
    const { api } = await renderPackages([running], {
      answers: {
        [`PUT ${CBS_PATHS.package(running.id)}`]: changeAnswer({ ...running, plan: 'r' }, 750),
      },
    });
    const dialog = await openChange('Camera 1');
    expect(within(dialog).getByRole('radio', { name: /C series · ¥5\.00 a month \(current\)/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: /R series · ¥20\.00 a month/ }));
    // R costs ¥15.00 more a month; half the month is left.
    expect(
      within(dialog).getByText(
        'An upgrade takes effect now: the difference for the rest of this month, about ¥7.50, is charged at once; then ¥20.00 a month.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.change.submit }));
    expect(await screen.findByText('Upgraded to R series; charged ¥7.50')).toBeTruthy();
    // No confirmation for an upgrade.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(api.calls, 'PUT', CBS_PATHS.package(running.id)).map((call) => call.body)).toEqual([
      { plan: 'r' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a smaller plan takes effect from next month, and only once confirmed', async () => {
    const big = cloudPackage({ id: 1, plan: 'r' });
    const { api } = await renderPackages([big], {
      answers: { [`PUT ${CBS_PATHS.package(big.id)}`]: changeAnswer({ ...big, next_plan: 'c' }, 0) },
    });
    const dialog = await openChange('Camera 1');
    await userEvent.click(within(dialog).getByRole('radio', { name: /C series/ }));
    expect(
      within(dialog).getByText(
        'A downgrade takes effect from next month (Dec 1, 2026): R series stays until then and nothing is refunded; then ¥5.00 a month.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.change.submit }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Downgrade to C series from next month?',
    });
    expect(
      within(question).getByText(/Camera 1 keeps R series until Nov 30, 2026; from then it has 100M space/),
    ).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: en.common.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(api.calls, 'PUT', CBS_PATHS.package(big.id))).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: en.change.submit }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: en.change.downgradeOk }),
    );
    expect(await screen.findByText('C series from next month (Dec 1, 2026)')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', CBS_PATHS.package(big.id)).map((call) => call.body)).toEqual([
      { plan: 'c' },
    ]);
  });

  it('works from the keyboard: the arrow keys and Space choose the plan, Enter on the button changes it', async () => {
    const { api } = await renderPackages([running], {
      answers: {
        [`PUT ${CBS_PATHS.package(running.id)}`]: changeAnswer({ ...running, plan: 'r' }, 750),
      },
    });
    within(await rowOf('Camera 1'))
      .getByRole('button', { name: en.packages.change })
      .focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    within(dialog)
      .getByRole('radio', { name: /C series/ })
      .focus();
    await userEvent.keyboard('{ArrowDown}');
    const larger = within(dialog).getByRole('radio', { name: /R series/ });
    expect(document.activeElement).toBe(larger);
    await userEvent.keyboard('[Space]');
    expect(larger.getAttribute('aria-checked')).toBe('true');
    within(dialog).getByRole('button', { name: en.change.submit }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Upgraded to R series; charged ¥7.50')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', CBS_PATHS.package(running.id)).map((call) => call.body)).toEqual([
      { plan: 'r' },
    ]);
  });

  it('keeping the current plan cancels the change planned for next month', async () => {
    const { api } = await renderPackages([shrinking], {
      answers: {
        [`PUT ${CBS_PATHS.package(shrinking.id)}`]: changeAnswer({ ...shrinking, next_plan: null }, 0),
      },
    });
    const dialog = await openChange('Camera 3');
    expect(
      within(dialog).getByText('Keeps R series: the change to C series planned for next month is cancelled.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: en.change.submit }));
    expect(await screen.findByText('The package stays on R series')).toBeTruthy();
    expect(callsTo(api.calls, 'PUT', CBS_PATHS.package(shrinking.id)).map((call) => call.body)).toEqual([
      { plan: 'r' },
    ]);
  });

  it('an upgrade the balance does not cover is refused in the dialog, with the way to recharge', async () => {
    await renderPackages([running], {
      extraMenus: [rechargeMenu],
      answers: {
        [`PUT ${CBS_PATHS.package(running.id)}`]: refusal(409, {
          code: 'balance_insufficient',
          message: 'Balance insufficient: please recharge',
        }),
      },
    });
    const dialog = await openChange('Camera 1');
    await userEvent.click(within(dialog).getByRole('radio', { name: /R series/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.change.submit }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Balance insufficient: please recharge');
    expect(within(alert).getByRole('link', { name: en.common.recharge }).getAttribute('href')).toBe(
      '/finance/recharge',
    );
  });

  it('opens video detail for a cloud video package, when the role has that page', async () => {
    await renderPackages([running, largest], { extraMenus: [videoDetailMenu] });
    const video = await rowOf('Camera 2');
    expect(await rowActionNames(await rowOf('Camera 1'))).not.toContain(en.packages.recordings);
    await userEvent.click(await rowAction(video, en.packages.recordings));
    expect(await screen.findByText(`at /media/video-detail?device_id=${largest.device_id}`)).toBeTruthy();
  });

  it('offers no recordings to a role without video detail', async () => {
    await renderPackages([largest]);
    expect(await rowActionNames(await rowOf('Camera 2'))).not.toContain(en.packages.recordings);
  });
});
