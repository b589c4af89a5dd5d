/**
 * The tasks' summary of the dashboard's card (issue 29): the company's tasks by the state the task
 * list gives them (taskStateOf: a task is its jobs' sum) — running while a job is pending or
 * processing; ended, failed or completed, when its last job ended (a task without jobs, failed,
 * when it was created) — counting the ended ones of the last TASK_SUMMARY_DAYS.
 */
import { TASK_SUMMARY_DAYS, type TaskSummary } from '@vap/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { taskJobs, tasks } from '../../core/db/jobs.js';
import { maintenance } from './schema.js';

const DAY_MS = 86_400_000;

export async function taskSummary(db: Db, companyId: number, now = Date.now()): Promise<TaskSummary> {
  const perTask = db
    .select({
      open: sql<number>`count(${taskJobs.id}) filter (where ${taskJobs.state} in ('pending', 'processing'))`.as(
        'open',
      ),
      failed: sql<number>`count(${taskJobs.id}) filter (where ${taskJobs.state} = 'failed')`.as('failed'),
      jobs: sql<number>`count(${taskJobs.id})`.as('jobs'),
      endedAt: sql<Date>`coalesce(max(${taskJobs.endedAt}), ${tasks.createdAt})`.as('ended_at'),
    })
    .from(tasks)
    .leftJoin(taskJobs, eq(taskJobs.taskId, tasks.id))
    .where(and(eq(tasks.companyId, companyId), maintenance))
    .groupBy(tasks.id)
    .as('per_task');
  // An instant as text, cast where it is compared: the drivers bind a Date in raw SQL unlike a column.
  const since = sql`${new Date(now - TASK_SUMMARY_DAYS * DAY_MS).toISOString()}::timestamptz`;
  const ended = sql`${perTask.open} = 0 and ${perTask.endedAt} >= ${since}`;
  const [row] = await db
    .select({
      running: sql<string>`count(*) filter (where ${perTask.open} > 0)`,
      failed: sql<string>`count(*) filter (where ${ended} and (${perTask.failed} > 0 or ${perTask.jobs} = 0))`,
      completed: sql<string>`count(*) filter (where ${ended} and ${perTask.failed} = 0 and ${perTask.jobs} > 0)`,
    })
    .from(perTask);
  return {
    running: Number(row?.running ?? 0),
    failed_recently: Number(row?.failed ?? 0),
    completed_recently: Number(row?.completed ?? 0),
  };
}
