import type { Task } from '@vap/contracts';
import { useDateTime, useT } from '@vap/kernel';
import { type Column, RowActions } from '@vap/ui';
import { ProgressBar } from './progress-bar.js';
import { TaskCounts, TaskStateTags } from './task-parts.js';

/**
 * The columns of the tasks list (spec §3 Task): what the task applies and how far its jobs are —
 * state, progress and the jobs by state — who made it, when, and until when it waits for offline
 * devices. The server answers newest first and sorts by nothing else.
 */
export function useTaskColumns(open: (task: Task) => void): Column<Task>[] {
  const t = useT('devices');
  const dateTime = useDateTime();
  return [
    { key: 'type', title: t('tasks.type'), render: (row) => t(`taskType.${row.type}`) },
    { key: 'subject', title: t('tasks.subject'), hideable: false },
    { key: 'state', title: t('tasks.state'), render: (row) => <TaskStateTags task={row} /> },
    {
      key: 'progress',
      title: t('tasks.progress'),
      width: 170,
      render: (row) => (
        <ProgressBar value={row.progress} label={t('tasks.progressOf', { subject: row.subject })} />
      ),
    },
    { key: 'counts', title: t('tasks.counts'), render: (row) => <TaskCounts task={row} /> },
    { key: 'total', title: t('tasks.total'), align: 'right', defaultHidden: true },
    { key: 'created_by', title: t('tasks.createdBy') },
    { key: 'created_at', title: t('tasks.createdAt'), width: 180, render: (row) => dateTime(row.created_at) },
    {
      key: 'deadline_at',
      title: t('tasks.deadline'),
      width: 180,
      render: (row) => dateTime(row.deadline_at),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      hideable: false,
      width: 90,
      render: (row) => <RowActions actions={[{ label: t('tasks.details'), onClick: () => open(row) }]} />,
    },
  ];
}
