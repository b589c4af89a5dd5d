import type { Task } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { type Column, rowActionsColumn } from '@vap/ui';
import { ProgressBar } from './progress-bar.js';
import { TaskCounts, TaskStateTags } from './task-parts.js';

/**
 * The columns of the tasks list (spec §3 Task): what the task applies and how far its jobs are —
 * state, progress and the jobs by state — who made it, when, and until when it waits for offline
 * devices. The server answers newest first and sorts by nothing else.
 */
export function useTaskColumns(open: (task: Task) => void): Column<Task>[] {
  const t = useT('devices');
  return [
    { key: 'type', title: t('tasks.type'), kind: 'state', render: (row) => t(`taskType.${row.type}`) },
    { key: 'subject', title: t('tasks.subject'), kind: 'name', hideable: false },
    { key: 'state', title: t('tasks.state'), kind: 'state', render: (row) => <TaskStateTags task={row} /> },
    {
      key: 'progress',
      title: t('tasks.progress'),
      kind: 'number',
      align: 'left',
      render: (row) => (
        <ProgressBar value={row.progress} label={t('tasks.progressOf', { subject: row.subject })} />
      ),
    },
    { key: 'counts', title: t('tasks.counts'), render: (row) => <TaskCounts task={row} /> },
    { key: 'total', title: t('tasks.total'), kind: 'number', defaultHidden: true },
    { key: 'created_by', title: t('tasks.createdBy'), kind: 'name' },
    { key: 'created_at', title: t('tasks.createdAt'), kind: 'date' },
    { key: 'deadline_at', title: t('tasks.deadline'), kind: 'date' },
    rowActionsColumn(t('common.actions'), (row) => [{ label: t('tasks.details'), onClick: () => open(row) }]),
  ];
}
