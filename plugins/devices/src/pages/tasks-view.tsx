import { type ListQuery, TASK_BUTTONS, TASK_CALLS, type Task, type Where } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useSession, useT } from '@vap/kernel';
import { Button, DataTable, type DataTableHandle, FilterForm } from '@vap/ui';
import { Suspense, useCallback, useRef, useState } from 'react';
import { NEW_TASK_DIALOGS, type NewTask } from './new-task-dialogs.js';
import { useTaskColumns } from './task-columns.js';
import { useTaskFilters } from './task-filters.js';
import { isUnfinished } from './task-parts.js';
import { useLiveRefresh } from './use-live-refresh.js';

/**
 * A task's drawer and the firmware and template dialogs load when first opened, not with the
 * device maintenance page (issue 30 §5): with the form library, the upload and the drawer's parts.
 */
const TaskDrawer = lazyExport(() => import('./task-drawer.js'), 'TaskDrawer');
const FirmwareDialog = lazyExport(() => import('./firmware-dialog.js'), 'FirmwareDialog');
const TemplatesDialog = lazyExport(() => import('./templates-dialog.js'), 'TemplatesDialog');

type Dialog = NewTask | 'firmware' | 'templates';

interface TasksViewProps {
  /** The device list's filter: a new task may take the devices it shows. */
  deviceWheres: readonly Where[];
  /** The task whose detail is open. */
  detail: Task | null;
  onDetail: (task: Task | null) => void;
}

/**
 * The tasks of device maintenance (spec §3 Task, issue 16): newest first, filtered by type and
 * state, each row's state, progress and jobs by state asked again every few seconds while one on
 * the page is under way and the browser tab shows it; a row opens its detail. A new task of a
 * group or of the device list's filter, each with its button (TASK_BUTTONS): `upgrade` for a
 * firmware upgrade and the firmware packages, `config` for a configuration and the configuration
 * templates, `whitelist` for a white list.
 */
export function TasksView({ deviceWheres, detail, onDetail }: TasksViewProps) {
  const t = useT('devices');
  const tasks = useClient(TASK_CALLS);
  const { user } = useSession();
  const mayUpgrade = usePermission(TASK_BUTTONS.firmware_upgrade);
  const mayConfigure = usePermission(TASK_BUTTONS.configuration);
  const mayWhitelist = usePermission(TASK_BUTTONS.whitelist);
  const table = useRef<DataTableHandle>(null);
  const filters = useTaskFilters();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Whether the page shown has a task under way: a page of ended tasks does not change by itself.
  const [unfinished, setUnfinished] = useState(false);
  const reload = useCallback(() => table.current?.reload(), []);
  // While a detail is open it asks for its own task; the list catches up when it closes.
  useLiveRefresh(
    useCallback(() => table.current?.refresh(), []),
    unfinished && detail === null,
  );
  const columns = useTaskColumns(onDetail);
  const NewTaskDialog =
    dialog === null || dialog === 'firmware' || dialog === 'templates' ? null : NEW_TASK_DIALOGS[dialog];

  const load = async (query: ListQuery, signal: AbortSignal) => {
    // The table shows a failure in place; asked every few seconds, it is not announced too.
    const page = await tasks.tasks({ query }, { signal, quiet: true });
    setUnfinished(page.items.some((task) => isUnfinished(task.state)));
    return page;
  };

  return (
    <div className="flex flex-col gap-4">
      <FilterForm label={t('tasks.filters')} filters={filters} />
      <DataTable
        // The column choice is remembered per user (the table's id names its storage key).
        id={`devices-tasks-${user?.id ?? 0}`}
        label={t('tasks.title')}
        columns={columns}
        rowKey={(row) => row.id}
        filters={filters.wheres}
        load={load}
        emptyText={t('tasks.empty')}
        toolbar={
          <>
            {mayUpgrade ? (
              <Button variant="primary" onClick={() => setDialog('upgrade')}>
                {t('tasks.newUpgrade')}
              </Button>
            ) : null}
            {mayConfigure ? (
              <Button variant="primary" onClick={() => setDialog('configure')}>
                {t('tasks.newConfiguration')}
              </Button>
            ) : null}
            {mayWhitelist ? (
              <Button variant="primary" onClick={() => setDialog('whitelist')}>
                {t('tasks.newWhitelist')}
              </Button>
            ) : null}
            {mayUpgrade ? <Button onClick={() => setDialog('firmware')}>{t('firmware.title')}</Button> : null}
            {mayConfigure ? (
              <Button onClick={() => setDialog('templates')}>{t('templates.title')}</Button>
            ) : null}
          </>
        }
        ref={table}
      />
      <Suspense fallback={null}>
        {detail ? (
          <TaskDrawer
            task={detail}
            onClose={() => {
              onDetail(null);
              reload();
            }}
          />
        ) : null}
        {dialog === 'firmware' ? <FirmwareDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'templates' ? <TemplatesDialog onClose={() => setDialog(null)} /> : null}
        {NewTaskDialog ? (
          <NewTaskDialog
            target={{ kind: 'choose', wheres: deviceWheres }}
            onClose={() => setDialog(null)}
            onCreated={(task) => {
              setDialog(null);
              reload();
              onDetail(task);
            }}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
