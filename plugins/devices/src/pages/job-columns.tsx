import type { TaskJob, TaskType } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { type Column, Tag } from '@vap/ui';
import { JobAnswer } from './job-answer.js';
import { ProgressBar } from './progress-bar.js';
import { jobStateName, reasonText, STATE_TONES } from './task-parts.js';

/**
 * The columns of a task's jobs, one per device: its state named as the task's type names it, its
 * progress, why it failed (translated when known), what the device answered and how often it was
 * tried. The table is the task's own (its id names it), so no column is hidden or remembered.
 */
export function useJobColumns(type: TaskType): Column<TaskJob>[] {
  const t = useT('devices');
  return [
    { key: 'sn', title: t('device.sn'), kind: 'id', hideable: false },
    { key: 'name', title: t('device.name'), kind: 'name', hideable: false, render: (row) => row.name || '—' },
    { key: 'model', title: t('device.model'), kind: 'id', hideable: false },
    {
      key: 'state',
      title: t('job.state'),
      kind: 'state',
      hideable: false,
      render: (row) => <Tag tone={STATE_TONES[row.state]}>{jobStateName(t, type, row.state)}</Tag>,
    },
    {
      key: 'progress',
      title: t('job.progress'),
      kind: 'number',
      align: 'left',
      hideable: false,
      render: (row) => <ProgressBar value={row.progress} label={t('job.progressOf', { sn: row.sn })} />,
    },
    {
      key: 'reason',
      title: t('job.reason'),
      hideable: false,
      render: (row) => reasonText(t, row.reason) || '—',
    },
    {
      key: 'answer',
      title: t('job.answer'),
      width: 240,
      hideable: false,
      render: (row) => <JobAnswer job={row} />,
    },
    { key: 'attempts', title: t('job.attempts'), kind: 'number', hideable: false },
    { key: 'started_at', title: t('job.started'), kind: 'date', hideable: false },
    { key: 'ended_at', title: t('job.ended'), kind: 'date', hideable: false },
  ];
}
