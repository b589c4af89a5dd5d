import './test-support.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { DEVICE_PATHS, type DeviceSummary, TASK_PATHS, type TaskSummary } from '@vap/contracts';
import { type Answer, contributionsFor, refusal, testMenuItem, testUser } from '@vap/kernel/testing';
import { DashboardCards } from '@vap/plugin-dashboard/points';
import { dashboardCard, findFigure } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import DevicesCard, { TasksCard } from './dashboard-card.js';
import plugin from './index.js';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';
import { renderDevicePage } from './test-support.js';

/** A member (role 3) with the dashboard and, with `maintenance`, the device dir's maintenance page. */
const member = (maintenance: boolean) =>
  testUser({
    role_id: 3,
    role_name: '运维人员',
    menus: [
      testMenuItem({ id: 1, name: 'dashboard', type: 'page', path: 'dashboard' }),
      ...(maintenance
        ? [
            testMenuItem({
              id: 20,
              name: 'device',
              type: 'dir',
              path: 'device',
              children: [
                testMenuItem({
                  id: 21,
                  parent_id: 20,
                  name: 'device_maintenance',
                  type: 'page',
                  path: 'maintenance',
                }),
              ],
            }),
          ]
        : []),
    ],
  });

const devices = (partial: Partial<DeviceSummary> = {}): DeviceSummary => ({
  total: 60,
  online: 42,
  offline: 18,
  online_recently: 51,
  dropped_recently: 7,
  ...partial,
});
const tasks = (partial: Partial<TaskSummary> = {}): TaskSummary => ({
  running: 2,
  failed_recently: 1,
  completed_recently: 5,
  ...partial,
});

const cards = {
  devices: dashboardCard({
    card: <DevicesCard />,
    plugin,
    testId: 'devices-card',
    summary: DEVICE_PATHS.summary,
  }),
  tasks: dashboardCard({ card: <TasksCard />, plugin, testId: 'tasks-card', summary: TASK_PATHS.summary }),
};

const render = (
  card: 'devices' | 'tasks',
  answer: Answer,
  { maintenance = true, language }: { maintenance?: boolean; language?: 'en' | 'zh-CN' | 'zh-TW' } = {},
) => cards[card].render(answer, { user: member(maintenance), language: language ?? 'en' });

describe('the dashboard card "Devices" (issue 29)', () => {
  it('shows the devices online and offline now and over the last day, with a link to their page', async () => {
    await render('devices', { body: devices() });
    const card = await cards.devices.find();
    expect(within(card).getByRole('heading', { name: en.dashboardCard.devices.title })).toBeTruthy();
    expect(await findFigure(card, en.dashboardCard.devices.online)).toBe('42');
    expect(await findFigure(card, en.dashboardCard.devices.offline)).toBe('18');
    expect(within(card).getByText('60 devices in all')).toBeTruthy();
    const recently = within(card).getByRole('region', { name: 'In the last 24 hours' });
    expect(await findFigure(recently, en.dashboardCard.devices.onlineRecently)).toBe('51');
    expect(await findFigure(recently, en.dashboardCard.devices.droppedRecently)).toBe('7');
    expect(within(recently).getByText('9 devices have not been online for 24 hours or more')).toBeTruthy();
    expect(within(card).getByRole('link', { name: en.dashboardCard.devices.open }).getAttribute('href')).toBe(
      '/device/maintenance',
    );
  });

  it('says so when there is no device yet, and warns of none unseen when all were online', async () => {
    await render('devices', {
      body: devices({ total: 0, online: 0, offline: 0, online_recently: 0, dropped_recently: 0 }),
    });
    const card = await cards.devices.find();
    expect(await within(card).findByText(en.dashboardCard.devices.empty)).toBeTruthy();
    cleanup();
    await render('devices', { body: devices({ online_recently: 60 }) });
    await within(await cards.devices.find()).findByText('60 devices in all');
    expect(screen.queryByText(/have not been online/)).toBeNull();
  });

  it('says when the figures cannot be loaded, and Retry asks again', async () => {
    const { api } = await render('devices', refusal(500, { code: 'internal', message: 'Server error' }));
    expect((await cards.devices.findAlert()).textContent).toContain(en.dashboardCard.devices.loadFailed);
    await cards.devices.retry(api, { body: devices() }, en.common.retry);
    expect(await screen.findByText('60 devices in all')).toBeTruthy();
    expect(cards.devices.summaryCalls(api)).toHaveLength(2);
  });

  it('is not shown, and asks nothing, to a user without the device page', async () => {
    const { api } = await render('devices', { body: devices() }, { maintenance: false });
    expect(await cards.devices.shownAfterAMoment()).toBe(false);
    expect(cards.devices.summaryCalls(api)).toEqual([]);
  });

  it.each([
    ['zh-CN', zhCN],
    ['zh-TW', zhTW],
  ] as const)('speaks %s', async (language, words) => {
    await render('devices', { body: devices() }, { language });
    const card = await cards.devices.find();
    expect(within(card).getByRole('heading', { name: words.dashboardCard.devices.title })).toBeTruthy();
    expect(await within(card).findByText(words.dashboardCard.devices.online)).toBeTruthy();
    expect(within(card).getByRole('link', { name: words.dashboardCard.devices.open })).toBeTruthy();
  });
});

describe('the dashboard card "Device tasks" (issue 29)', () => {
  it('shows the tasks running and those failed and completed lately, linking to the tasks view', async () => {
    await render('tasks', { body: tasks() });
    const card = await cards.tasks.find();
    expect(within(card).getByRole('heading', { name: en.dashboardCard.tasks.title })).toBeTruthy();
    expect(await findFigure(card, en.dashboardCard.tasks.running)).toBe('2');
    expect(await findFigure(card, en.dashboardCard.tasks.failed)).toBe('1');
    expect(await findFigure(card, en.dashboardCard.tasks.completed)).toBe('5');
    expect(within(card).getByText('Failed and completed: ended in the last 7 days')).toBeTruthy();
    expect(within(card).getByText(en.dashboardCard.tasks.failedHint)).toBeTruthy();
    expect(within(card).getByRole('link', { name: en.dashboardCard.tasks.open }).getAttribute('href')).toBe(
      '/device/maintenance?view=tasks',
    );
  });

  it('says so when no task ran lately, and when the figures cannot be loaded', async () => {
    await render('tasks', { body: tasks({ running: 0, failed_recently: 0, completed_recently: 0 }) });
    expect(
      await within(await cards.tasks.find()).findByText('No task running or ended in the last 7 days.'),
    ).toBeTruthy();
    cleanup();
    await render('tasks', refusal(503, { code: 'unavailable', message: 'Down' }));
    expect((await cards.tasks.findAlert()).textContent).toContain(en.dashboardCard.tasks.loadFailed);
  });

  it('is not shown, and asks nothing, to a user without the device page', async () => {
    const { api } = await render('tasks', { body: tasks() }, { maintenance: false });
    expect(await cards.tasks.shownAfterAMoment()).toBe(false);
    expect(cards.tasks.summaryCalls(api)).toEqual([]);
  });
});

describe("the device area's contributions to the dashboard (issue 29)", () => {
  it('contributes both cards for page device_maintenance, the dashboard showing them only with it', async () => {
    const contributed = await contributionsFor(DashboardCards, { plugins: [plugin], user: member(true) });
    expect(contributed.map((card) => [card.id, card.value.page])).toEqual([
      ['devices-status', 'device_maintenance'],
      ['devices-tasks', 'device_maintenance'],
    ]);
  });

  it('the maintenance page opens on its tasks with ?view=tasks, where the tasks card leads', async () => {
    await renderDevicePage('device_maintenance', {}, { path: '?view=tasks' });
    const tab = await screen.findByRole('tab', { name: en.views.tasks });
    await waitFor(() => expect(tab.getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByRole('tab', { name: en.views.devices }).getAttribute('aria-selected')).toBe('false');
  });
});
