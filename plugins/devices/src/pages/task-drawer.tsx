import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, TASK_BUTTONS, TASK_CALLS, TASK_STATES, type Task, type TaskJob } from '@vap/contracts';
import { useClient, useDateTime, usePermission, useT } from '@vap/kernel';
import {
  Alert,
  Button,
  confirm,
  DataTable,
  type DataTableHandle,
  Descriptions,
  Drawer,
  ExportButton,
  message,
  Select,
} from '@vap/ui';
import { useEffect, useRef, useState } from 'react';
import { useJobColumns } from './job-columns.js';
import { ProgressBar } from './progress-bar.js';
import { isUnfinished, jobStateName, TaskCounts, TaskStateTags } from './task-parts.js';
import { useLiveRefresh } from './use-live-refresh.js';

const taskKey = (id: number) => callKey(TASK_CALLS.task, { params: { id } });

interface TaskDrawerProps {
  /** The task as the list (or its creation) answered it: shown at once, then asked again. */
  task: Task;
  onClose: () => void;
}

/**
 * One task (spec §3 Task, §4.3): its state, progress and jobs by state, then each device's job,
 * filtered by state and paged by the server, asked again every few seconds while the task is under
 * way. The button of the task's type (TASK_BUTTONS) retries the failed jobs — all, or the selected
 * ones — and cancels what has not started; `export` downloads the jobs as .xlsx.
 */
export function TaskDrawer({ task: opened, onClose }: TaskDrawerProps) {
  const t = useT('devices');
  const tasks = useClient(TASK_CALLS);
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: taskKey(opened.id),
    // The drawer shows a failure in place; asked every few seconds, it is not announced too.
    queryFn: ({ signal }) => tasks.task({ params: { id: opened.id } }, { signal, quiet: true }),
    placeholderData: opened,
    staleTime: 0,
  });
  const task = detail.data ?? opened;
  const mayAct = usePermission(TASK_BUTTONS[task.type]);
  const mayExport = usePermission('export');
  const jobs = useRef<DataTableHandle>(null);
  const [state, setState] = useState('');
  const columns = useJobColumns(task.type);

  const unfinished = isUnfinished(task.state);
  useLiveRefresh(() => {
    void detail.refetch();
    jobs.current?.refresh();
  }, unfinished);
  // The poll that saw the task end read its jobs at the same moment: once more, to show their end.
  const wasUnfinished = useRef(unfinished);
  useEffect(() => {
    if (wasUnfinished.current && !unfinished) jobs.current?.reload();
    wasUnfinished.current = unfinished;
  }, [unfinished]);

  /** After a retry or a cancel: the task as the server answered it, and its jobs again. */
  const changed = (next: Task) => {
    queryClient.setQueryData(taskKey(next.id), next);
    jobs.current?.reload();
  };

  const retry = async (selected?: readonly TaskJob[], clearSelection?: () => void) => {
    let next: Task;
    try {
      next = await tasks.retry({
        params: { id: task.id },
        body: selected ? { device_ids: selected.map((job) => job.device_id) } : {},
      });
    } catch {
      return; // The console shows the server's message.
    }
    message.success(t('task.retried', { count: selected?.length ?? task.counts.failed }));
    clearSelection?.();
    changed(next);
  };

  const cancel = async () => {
    const confirmed = await confirm({
      title: t('task.cancelTitle', { subject: task.subject }),
      content: t('task.cancelContent'),
      okText: t('task.cancel'),
      cancelText: t('task.keep'),
      tone: 'danger',
    });
    if (!confirmed) return;
    let next: Task;
    try {
      next = await tasks.cancel({ params: { id: task.id } });
    } catch {
      return; // The console shows the server's message (e.g. cancelled meanwhile).
    }
    message.success(t('task.cancelled'));
    changed(next);
  };

  const title = t('task.title', { type: t(`taskType.${task.type}`), subject: task.subject });
  return (
    <Drawer open onOpenChange={(open) => !open && onClose()} width={1100} title={title}>
      <div className="flex flex-col gap-4">
        {detail.isError && !detail.isFetching ? (
          <Alert tone="error">{detail.error.message || t('task.loadFailed')}</Alert>
        ) : null}
        <Descriptions
          bordered
          columns={3}
          items={[
            { key: 'state', label: t('tasks.state'), value: <TaskStateTags task={task} /> },
            {
              key: 'progress',
              label: t('tasks.progress'),
              value: (
                <ProgressBar value={task.progress} label={t('tasks.progressOf', { subject: task.subject })} />
              ),
            },
            { key: 'total', label: t('tasks.total'), value: task.total },
            { key: 'counts', label: t('tasks.counts'), value: <TaskCounts task={task} />, span: 3 },
            { key: 'createdBy', label: t('tasks.createdBy'), value: task.created_by },
            { key: 'createdAt', label: t('tasks.createdAt'), value: dateTime(task.created_at) },
            { key: 'deadline', label: t('tasks.deadline'), value: dateTime(task.deadline_at) },
            {
              key: 'timeout',
              label: t('task.timeout'),
              value: t('task.minutes', { n: task.timeout_minutes }),
            },
            ...(task.cancelled_at
              ? [{ key: 'cancelledAt', label: t('task.cancelledAt'), value: dateTime(task.cancelled_at) }]
              : []),
          ]}
        />
        <DataTable
          // The task's own table: its id keeps one task's cached pages from showing for another.
          id={`devices-task-${task.id}-jobs`}
          label={t('task.jobs')}
          columns={columns}
          rowKey={(row) => row.device_id}
          filters={state === '' ? [] : [{ k: 'state', o: '=', v: state }]}
          load={(query, signal) => tasks.jobs({ params: { id: task.id }, query }, { signal, quiet: true })}
          emptyText={t('task.jobsEmpty')}
          // Only a failed job can be tried again.
          selectable={mayAct}
          rowSelectable={(row) => row.state === 'failed'}
          bulkActions={(rows, clearSelection) => (
            <Button size="small" onClick={() => void retry(rows, clearSelection)}>
              {t('task.retrySelected', { count: rows.length })}
            </Button>
          )}
          toolbar={
            <>
              <Select
                aria-label={t('job.state')}
                placeholder={t('tasks.anyState')}
                options={TASK_STATES.map((each) => ({
                  value: each,
                  label: jobStateName(t, task.type, each),
                }))}
                value={state}
                onValueChange={setState}
                clearable
                className="w-36"
              />
              {mayAct ? (
                <>
                  <Button disabled={task.counts.failed === 0} onClick={() => void retry()}>
                    {t('task.retryFailed', { count: task.counts.failed })}
                  </Button>
                  <Button
                    variant="danger"
                    // Once cancelled, or with no job waiting to start, there is nothing to cancel.
                    disabled={task.cancelled_at !== null || task.counts.pending === 0}
                    onClick={() => void cancel()}
                  >
                    {t('task.cancel')}
                  </Button>
                </>
              ) : null}
              {mayExport ? (
                <ExportButton
                  file={t('task.exportFile', { id: task.id })}
                  download={async () => (await tasks.exportJobs({ params: { id: task.id } })).blob}
                />
              ) : null}
            </>
          }
          ref={jobs}
        />
      </div>
    </Drawer>
  );
}
