import '../test-support.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICE_PATHS, TASK_PATHS } from '@vap/contracts';
import type { RecordedCall } from '@vap/kernel/testing';
import { callsTo, refusal, wheresOf } from '@vap/kernel/testing';
import { setVisibility } from '@vap/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import {
  choose,
  device,
  deviceAnswers,
  group,
  job,
  type PageOptions,
  renderDevicePage,
  task,
  taskAnswers,
} from '../test-support.js';
import { LIVE_REFRESH_MS } from './use-live-refresh.js';

const upgrade = task({ id: 7 });
const config = task({
  id: 8,
  type: 'configuration',
  subject: 'Night mode',
  state: 'completed',
  progress: 100,
  counts: { pending: 0, processing: 0, completed: 3, failed: 0 },
  total: 3,
});
const upgradeJobs = [
  job({ device_id: 11, state: 'failed', progress: 40, reason: 'md5_mismatch', attempts: 2 }),
  job({ device_id: 12, state: 'failed', progress: 0, reason: 'offline', started_at: null, ended_at: null }),
  job({ device_id: 13, state: 'failed', progress: 10, reason: 'flash_worn_out' }),
  job({ device_id: 14, state: 'processing', progress: 55, ended_at: null }),
  job({ device_id: 15, state: 'pending', progress: 0, started_at: null, ended_at: null }),
];
const configJobs = [
  job({ device_id: 21, state: 'pending', progress: 0 }),
  job({ device_id: 22, state: 'processing', progress: 50 }),
  job({ device_id: 23, state: 'completed' }),
];

const renderTasks = (options: PageOptions = {}) =>
  renderDevicePage(
    'device_maintenance',
    {
      ...deviceAnswers([device({ id: 11, name: 'front-door' })], [group({ id: 1, name: 'Lobby' })]),
      ...taskAnswers([upgrade, config], { 7: upgradeJobs, 8: configJobs }),
    },
    options,
  );

const tasksCalls = (calls: readonly RecordedCall[]) => callsTo(calls, 'GET', TASK_PATHS.tasks);

async function openTasks() {
  await userEvent.click(await screen.findByRole('tab', { name: en.views.tasks }));
  return screen.findByRole('table', { name: en.tasks.title });
}
const rowOf = async (table: HTMLElement, text: string) =>
  (await within(table).findByText(text)).closest('tr') as HTMLElement;

async function openDetail(subject: string, title: string) {
  const table = await openTasks();
  await userEvent.click(within(await rowOf(table, subject)).getByRole('button', { name: en.tasks.details }));
  const drawer = await screen.findByRole('dialog', { name: title });
  const jobs = await within(drawer).findByRole('table', { name: en.task.jobs });
  return { drawer, jobs };
}
const openUpgrade = () => openDetail(upgrade.subject, `Firmware upgrade: ${upgrade.subject}`);

describe('device_maintenance: the views', () => {
  it('tabs switch between the devices (first) and the tasks, with the mouse or the arrow keys', async () => {
    const { api } = await renderTasks();
    const devicesTab = await screen.findByRole('tab', { name: en.views.devices });
    expect(devicesTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: en.maintenance.title })).toBeTruthy();
    // The tasks are asked for only once shown.
    expect(tasksCalls(api.calls)).toEqual([]);

    await openTasks();
    expect(screen.queryByRole('table', { name: en.maintenance.title })).toBeNull();
    expect(screen.getByRole('tab', { name: en.views.tasks }).getAttribute('aria-selected')).toBe('true');

    screen.getByRole('tab', { name: en.views.tasks }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(devicesTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('table', { name: en.maintenance.title })).toBeTruthy();
    expect(screen.queryByRole('table', { name: en.tasks.title })).toBeNull();
  });

  it('the device list is read again when it comes back from the tasks (an upgrade changes versions)', async () => {
    const { api } = await renderTasks();
    await screen.findByRole('table', { name: en.maintenance.title });
    const before = callsTo(api.calls, 'GET', DEVICE_PATHS.devices).length;
    await openTasks();
    expect(callsTo(api.calls, 'GET', DEVICE_PATHS.devices)).toHaveLength(before);
    await userEvent.click(screen.getByRole('tab', { name: en.views.devices }));
    await waitFor(() => expect(callsTo(api.calls, 'GET', DEVICE_PATHS.devices)).toHaveLength(before + 1));
  });

  it('the device view keeps its searches while the tasks are shown', async () => {
    await renderTasks();
    const filters = await screen.findByRole('form', { name: en.maintenance.filters });
    await userEvent.type(within(filters).getByRole('searchbox', { name: en.device.name }), 'door');
    await openTasks();
    await userEvent.click(screen.getByRole('tab', { name: en.views.devices }));
    expect((within(filters).getByRole('searchbox', { name: en.device.name }) as HTMLInputElement).value).toBe(
      'door',
    );
  });
});

describe('device_maintenance: the tasks', () => {
  it('the tasks table shows type, subject, state, progress and the devices by state', async () => {
    await renderTasks();
    const table = await openTasks();
    const row = await rowOf(table, upgrade.subject);
    expect(within(row).getByText(en.taskType.firmware_upgrade)).toBeTruthy();
    expect(within(row).getByText(en.taskState.processing)).toBeTruthy();
    const bar = within(row).getByRole('progressbar', { name: `Progress of ${upgrade.subject}` });
    expect((bar as HTMLProgressElement).value).toBe(60);
    expect(within(row).getByText('60%')).toBeTruthy();
    const counts = within(row).getByRole('list', { name: `Devices of ${upgrade.subject} by state` });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pending: 1', 'Processing: 1', 'Completed: 2', 'Failed: 1']);
    expect(within(row).getByText('测试用户')).toBeTruthy();
    // A configuration task counts its devices as not applied, applying and applied.
    const configRow = await rowOf(table, config.subject);
    expect(within(configRow).getByText(en.taskState.completed)).toBeTruthy();
    expect(within(configRow).getByText('Applied: 3')).toBeTruthy();
    expect(within(configRow).getByText('Not applied: 0')).toBeTruthy();
  });

  it('a cancelled task is marked so beside its state', async () => {
    await renderTasks({
      answers: taskAnswers([task({ id: 9, state: 'failed', cancelled_at: '2026-03-02T10:00:00.000Z' })]),
    });
    const row = await rowOf(await openTasks(), upgrade.subject);
    expect(within(row).getByText(en.taskState.failed)).toBeTruthy();
    expect(within(row).getByText(en.tasks.cancelledTag)).toBeTruthy();
  });

  it('filters become wheres: type and state', async () => {
    const { api } = await renderTasks();
    await openTasks();
    const filters = screen.getByRole('form', { name: en.tasks.filters });
    await choose(filters, en.tasks.type, en.taskType.configuration);
    await choose(filters, en.tasks.state, en.taskState.failed);
    await userEvent.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(wheresOf(tasksCalls(api.calls).at(-1))).toEqual([
        { k: 'type', o: '=', v: 'configuration' },
        { k: 'state', o: '=', v: 'failed' },
      ]),
    );
  });

  it('says so when no task matches', async () => {
    await renderTasks({ answers: taskAnswers([]) });
    await openTasks();
    expect(await screen.findByText(en.tasks.empty)).toBeTruthy();
  });

  it('shows the server message when the list fails, with a retry', async () => {
    await renderTasks({
      answers: {
        [`GET ${TASK_PATHS.tasks}`]: refusal(500, { code: 'internal', message: 'Database unavailable' }),
      },
    });
    const table = await openTasks();
    expect((await within(table).findByRole('alert')).textContent).toContain('Database unavailable');
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('device_maintenance: a task in detail', () => {
  it('the detail shows the counts and the jobs, known reasons translated and an unknown one as it came', async () => {
    await renderTasks();
    const { drawer, jobs } = await openUpgrade();
    expect(
      within(drawer).getByRole('list', { name: `Devices of ${upgrade.subject} by state` }).textContent,
    ).toContain('Failed: 1');
    const jobRow = async (id: number) => rowOf(jobs, `cam-${id}`);
    const md5 = await jobRow(11);
    expect(within(md5).getByText(en.taskState.failed)).toBeTruthy();
    expect(within(md5).getByText(en.jobReason.md5_mismatch)).toBeTruthy();
    expect(within(md5).getByText('2')).toBeTruthy();
    expect(
      (
        within(md5).getByRole('progressbar', {
          name: `Progress of ${upgradeJobs[0]?.sn}`,
        }) as HTMLProgressElement
      ).value,
    ).toBe(40);
    expect(within(await jobRow(12)).getByText(en.jobReason.offline)).toBeTruthy();
    expect(within(await jobRow(13)).getByText('flash_worn_out')).toBeTruthy();
    expect(within(await jobRow(14)).getByText(en.taskState.processing)).toBeTruthy();
  });

  it("a configuration task's jobs are not applied, applying or applied", async () => {
    await renderTasks();
    const { jobs } = await openDetail(config.subject, `Configuration: ${config.subject}`);
    expect(within(await rowOf(jobs, 'cam-21')).getByText(en.configurationState.not_applied)).toBeTruthy();
    expect(within(await rowOf(jobs, 'cam-22')).getByText(en.configurationState.applying)).toBeTruthy();
    expect(within(await rowOf(jobs, 'cam-23')).getByText(en.configurationState.applied)).toBeTruthy();
  });

  it("shows the device's answer: its own words on a failure, and what a completed job's result says", async () => {
    const whitelist = task({ id: 9, type: 'whitelist', subject: 'Staff cars', state: 'processing' });
    const answered = [
      job({ device_id: 31, state: 'failed', reason: 'md5_mismatch', message: 'md5 0f0f, expected 1a1a' }),
      job({ device_id: 32, state: 'completed', result: { firmware_version: 'V2.2.0', slot: 'b' } }),
      job({ device_id: 33, state: 'failed', reason: 'offline', started_at: null, ended_at: null }),
    ];
    await renderTasks({
      answers: taskAnswers([upgrade, whitelist], {
        7: answered,
        9: [job({ device_id: 34, state: 'completed', result: { count: 2 } })],
      }),
    });
    const { jobs } = await openUpgrade();
    const column = within(jobs).getByRole('columnheader', { name: en.job.answer });
    const answerOf = async (id: number) => {
      const cells = within(await rowOf(jobs, `cam-${id}`)).getAllByRole('cell');
      return cells[within(jobs).getAllByRole('columnheader').indexOf(column)] as HTMLElement;
    };
    // The device's words beside its translated reason, as it said them.
    expect(within(await rowOf(jobs, 'cam-31')).getByText(en.jobReason.md5_mismatch)).toBeTruthy();
    expect((await answerOf(31)).textContent).toBe('md5 0f0f, expected 1a1a');
    // What this console knows of a result in its words; the rest as it came.
    const completed = await answerOf(32);
    expect(within(completed).getByText('Now runs V2.2.0')).toBeTruthy();
    expect(within(completed).getByText('slot: b')).toBeTruthy();
    // A failure the server decided has no words of the device's.
    expect((await answerOf(33)).textContent).toBe('—');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const other = await openDetail(whitelist.subject, `${en.taskType.whitelist}: ${whitelist.subject}`);
    expect(within(await rowOf(other.jobs, 'cam-34')).getByText('Entries on the device: 2')).toBeTruthy();
  });

  it("a configuration job's answer is the configuration the device applied, folded under a summary line", async () => {
    const applied = job({
      device_id: 23,
      state: 'completed',
      result: { config: { image: { brightness: 70, day_night: 'night' }, osd: { text: 'Gate 1' } } },
    });
    await renderTasks({ answers: taskAnswers([config], { 8: [...configJobs.slice(0, 2), applied] }) });
    const { jobs } = await openDetail(config.subject, `Configuration: ${config.subject}`);
    const row = await rowOf(jobs, 'cam-23');
    const summary = within(row).getByText(en.jobAnswer.config);
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.click(summary);
    expect(details.open).toBe(true);
    expect(
      within(details).getByText('Image: Brightness 70, Day/night mode Night (black and white)'),
    ).toBeTruthy();
    expect(within(details).getByText('On-screen display: Overlay text Gate 1')).toBeTruthy();
  });

  it("the device's answer reads in the console's language", async () => {
    await renderTasks({
      language: 'zh-CN',
      answers: taskAnswers([upgrade], {
        7: [job({ device_id: 32, state: 'completed', result: { firmware_version: 'V2.2.0' } })],
      }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: zhCN.views.tasks }));
    const table = await screen.findByRole('table', { name: zhCN.tasks.title });
    await userEvent.click(
      within(await rowOf(table, upgrade.subject)).getByRole('button', { name: zhCN.tasks.details }),
    );
    const drawer = await screen.findByRole('dialog');
    const jobs = await within(drawer).findByRole('table', { name: zhCN.task.jobs });
    expect(within(jobs).getByRole('columnheader', { name: zhCN.job.answer })).toBeTruthy();
    expect(within(await rowOf(jobs, 'cam-32')).getByText('当前固件：V2.2.0')).toBeTruthy();
  });

  it('the state filter of the jobs becomes a where', async () => {
    const { api } = await renderTasks();
    const { drawer } = await openUpgrade();
    await choose(drawer, en.job.state, en.taskState.failed);
    await waitFor(() =>
      expect(wheresOf(callsTo(api.calls, 'GET', TASK_PATHS.jobs(7)).at(-1))).toEqual([
        { k: 'state', o: '=', v: 'failed' },
      ]),
    );
  });

  it('Retry failed starts every failed job again; the selected failed jobs alone when chosen', async () => {
    const { api } = await renderTasks({
      answers: { [`POST ${TASK_PATHS.retry(7)}`]: { body: { ...upgrade, state: 'processing' } } },
    });
    const { drawer } = await openUpgrade();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Retry failed (1)' }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', TASK_PATHS.retry(7))[0]?.body).toEqual({}));
    expect(await screen.findByText('Devices started again: 1')).toBeTruthy();

    // Only a failed job may be chosen.
    expect(
      (within(drawer).getByRole('checkbox', { name: 'Select row 14' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Select row 11' }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Select row 13' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Retry selected (2)' }));
    await waitFor(() =>
      expect(callsTo(api.calls, 'POST', TASK_PATHS.retry(7))[1]?.body).toEqual({ device_ids: [11, 13] }),
    );
  });

  it('Cancel asks first and cancels only once confirmed; a cancelled task offers it no more', async () => {
    const { api } = await renderTasks({
      answers: {
        [`POST ${TASK_PATHS.cancel(7)}`]: {
          body: {
            ...upgrade,
            cancelled_at: '2026-03-02T10:00:00.000Z',
            counts: { ...upgrade.counts, pending: 0 },
          },
        },
      },
    });
    const { drawer } = await openUpgrade();
    await userEvent.click(within(drawer).getByRole('button', { name: en.task.cancel }));
    let question = await screen.findByRole('alertdialog', { name: `Cancel the task ${upgrade.subject}?` });
    await userEvent.click(within(question).getByRole('button', { name: en.task.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(api.calls, 'POST', TASK_PATHS.cancel(7))).toEqual([]);

    await userEvent.click(within(drawer).getByRole('button', { name: en.task.cancel }));
    question = await screen.findByRole('alertdialog', { name: `Cancel the task ${upgrade.subject}?` });
    await userEvent.click(within(question).getByRole('button', { name: en.task.cancel }));
    await waitFor(() => expect(callsTo(api.calls, 'POST', TASK_PATHS.cancel(7))).toHaveLength(1));
    expect(await screen.findByText(en.task.cancelled)).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(drawer).getByRole('button', { name: en.task.cancel }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect(within(drawer).getByText(en.tasks.cancelledTag)).toBeTruthy();
  });

  it('Cancel is disabled when no job waits to start', async () => {
    const started = task({ id: 7, counts: { pending: 0, processing: 2, completed: 2, failed: 1 } });
    await renderTasks({ answers: taskAnswers([started], { 7: upgradeJobs }) });
    const { drawer } = await openUpgrade();
    expect((within(drawer).getByRole('button', { name: en.task.cancel }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("retry and cancel are hidden without the button of the task's type; export needs its own", async () => {
    await renderTasks({ roleId: 4, buttons: ['config', 'export'] });
    const { drawer, jobs } = await openUpgrade();
    await rowOf(jobs, 'cam-11');
    expect(within(drawer).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: en.task.cancel })).toBeNull();
    expect(within(drawer).queryByRole('checkbox')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Export' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // `config` is the button of a configuration task; without `export` there is no export.
    cleanup();
    await renderTasks({ roleId: 4, buttons: ['config'] });
    const other = await openDetail(config.subject, `Configuration: ${config.subject}`);
    expect(within(other.drawer).getByRole('button', { name: en.task.cancel })).toBeTruthy();
    expect(within(other.drawer).queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('exports the jobs as .xlsx with the export button', async () => {
    const { api } = await renderTasks({
      roleId: 4,
      buttons: ['export'],
      answers: { [`GET ${TASK_PATHS.jobsExport(7)}`]: { text: 'xlsx' } },
    });
    const { drawer } = await openUpgrade();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The export was downloaded')).toBeTruthy();
    expect(callsTo(api.calls, 'GET', TASK_PATHS.jobsExport(7))).toHaveLength(1);
  });
});

describe('device_maintenance: live tasks', () => {
  afterEach(() => setVisibility('visible'));

  it('asks again every few seconds while a task is under way, and not while the browser tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await renderTasks();
    await rowOf(await openTasks(), upgrade.subject);
    const asked = () => tasksCalls(api.calls).length;
    expect(asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(asked()).toBe(2));

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3);
    expect(asked()).toBe(2);
    // Shown again: it catches up at once, then goes on.
    setVisibility('visible');
    await waitFor(() => expect(asked()).toBe(3));
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(asked()).toBe(4));
  });

  it('a page of ended tasks is not asked again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await renderTasks({ answers: taskAnswers([config], { 8: configJobs }) });
    await rowOf(await openTasks(), config.subject);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3);
    expect(tasksCalls(api.calls)).toHaveLength(1);
  });

  it('the detail of a task under way asks for the task and its jobs again, until the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await renderTasks();
    await openUpgrade();
    const asked = () => [
      callsTo(api.calls, 'GET', TASK_PATHS.task(7)).length,
      callsTo(api.calls, 'GET', TASK_PATHS.jobs(7)).length,
    ];
    await waitFor(() => expect(asked()).toEqual([1, 1]));
    const listed = tasksCalls(api.calls).length;
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    await waitFor(() => expect(asked()).toEqual([2, 2]));
    // The list behind waits for the detail to close.
    expect(tasksCalls(api.calls)).toHaveLength(listed);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3);
    expect(asked()).toEqual([2, 2]);
  });
});
