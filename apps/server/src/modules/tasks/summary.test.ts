/**
 * The tasks' summary of the dashboard's card (issue 29): the company's device tasks still running,
 * and those that ended failed or completed in the last TASK_SUMMARY_DAYS, by the states the task
 * list gives them (a task is its jobs' sum) — only the caller's company's, only with its page.
 */
import { TASK_PATHS, TASK_SUMMARY_DAYS, type TaskState, type TaskSummary } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { taskJobs, tasks } from '../../core/db/jobs.js';
import { addAccount } from '../../testing/accounts.js';
import { cardSummary } from '../../testing/card-summary.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

const DAY_MS = 86_400_000;

describe.each(ENGINES)('the tasks summary (issue 29) on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let companyId: number;
  let deviceId = 0;

  /** A task of the company created `age` ms ago whose jobs are in these states, ended `endedAgo` ms ago. */
  async function addTask(
    company: number,
    states: TaskState[],
    { age = DAY_MS, endedAgo = 0 }: { age?: number; endedAgo?: number } = {},
  ) {
    const now = Date.now();
    const [task] = await t.database.db
      .insert(tasks)
      .values({
        companyId: company,
        type: 'firmware_upgrade',
        subject: 'IPC-1 V1.0',
        payload: {},
        createdAt: new Date(now - age),
        deadlineAt: new Date(now - age + 2 * DAY_MS),
        deadlineHours: 48,
        timeoutMinutes: 30,
      })
      .returning({ id: tasks.id });
    if (states.length === 0) return;
    await t.database.db.insert(taskJobs).values(
      states.map((state) => ({
        taskId: task?.id ?? 0,
        deviceId: ++deviceId,
        sn: `SN${deviceId}`,
        state,
        endedAt: state === 'completed' || state === 'failed' ? new Date(now - endedAgo) : null,
      })),
    );
  }

  blockApp(engine, { taskTickMs: 0 }, async (app) => {
    t = app;
    const account = await addAccount(t, { company: 'own', verifyStatus: 2 });
    owner = account.headers;
    companyId = account.companyId ?? 0;
    const week = TASK_SUMMARY_DAYS * DAY_MS;
    // Running: a job pending, a job processing (with others ended, failed among them), a task
    // created long ago whose last device has not answered yet.
    await addTask(companyId, ['pending', 'pending']);
    await addTask(companyId, ['processing', 'completed', 'failed']);
    await addTask(companyId, ['pending', 'failed'], { age: 3 * week, endedAgo: 2 * week });
    // Ended failed within the week (a task with no device at all is failed too), and before it.
    await addTask(companyId, ['completed', 'failed'], { endedAgo: DAY_MS });
    await addTask(companyId, ['failed'], { age: 2 * week, endedAgo: week - DAY_MS });
    await addTask(companyId, [], { age: DAY_MS });
    await addTask(companyId, ['failed'], { age: 2 * week, endedAgo: week + DAY_MS });
    // Completed within the week, and before it.
    await addTask(companyId, ['completed', 'completed'], { endedAgo: 2 * DAY_MS });
    await addTask(companyId, ['completed'], { age: 3 * week, endedAgo: 2 * week });
  });

  const { summary, strangerSummary, memberRefusal } = cardSummary<TaskSummary>(() => t, TASK_PATHS.summary);

  it('counts the tasks running, and those ended failed or completed in the last week', async () => {
    expect(await summary(owner)).toEqual({ running: 3, failed_recently: 3, completed_recently: 1 });
  });

  it('agrees with the task list filtered by state', async () => {
    const listed = async (state: TaskState) => {
      const wheres = Buffer.from(JSON.stringify([{ k: 'state', o: '=', v: state }])).toString('base64');
      const response = await t.app.inject({
        method: 'GET',
        url: `/webapi${TASK_PATHS.tasks}?size=100&wheres=${encodeURIComponent(wheres)}`,
        headers: owner,
      });
      return response.json<{ total: number }>().total;
    };
    expect((await listed('pending')) + (await listed('processing'))).toBe((await summary(owner)).running);
  });

  it("shows another company nothing of this one's", async () => {
    expect(await strangerSummary()).toEqual({
      running: 0,
      failed_recently: 0,
      completed_recently: 0,
    });
  });

  it('needs the device page the tasks are on (403 without it)', async () => {
    expect(await memberRefusal(companyId, { dashboard: [] })).toEqual([403, 'forbidden']);
  });
});
