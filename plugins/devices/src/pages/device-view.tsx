import { useQueryClient } from '@tanstack/react-query';
import {
  DEVICE_BATCH_MAX,
  DEVICE_CALLS,
  type DEVICE_FILTERS,
  type Device,
  TASK_BUTTONS,
  type Task,
  type Where,
} from '@vap/contracts';
import { lazyExport, useClient, usePermission, useSession, useT } from '@vap/kernel';
import {
  Button,
  confirmThen,
  DataTable,
  type DataTableHandle,
  ExportButton,
  FilterForm,
  type Filters,
  message,
  shownListParams,
} from '@vap/ui';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useDeviceColumns } from './device-columns.js';
import { GROUPS_KEY, type GroupChoice, GroupPanel } from './group-panel.js';
import { NEW_TASK_DIALOGS, type NewTask } from './new-task-dialogs.js';
import { useOpenTerminal } from './open-terminal.js';

/**
 * The device dialogs load when first opened, not with the list (issue 30 §5): with the form
 * library, the select and the workbook upload that only they use on this view.
 */
const BindDialog = lazyExport(() => import('./bind-dialog.js'), 'BindDialog');
const ImportDialog = lazyExport(() => import('./import-dialog.js'), 'ImportDialog');
const EditDeviceDialog = lazyExport(() => import('./device-dialogs.js'), 'EditDeviceDialog');
const MoveDevicesDialog = lazyExport(() => import('./device-dialogs.js'), 'MoveDevicesDialog');

type Dialog =
  | { kind: 'bind' }
  | { kind: 'import' }
  | { kind: 'edit'; device: Device }
  | { kind: 'move'; devices: Device[]; done?: () => void }
  | { kind: 'task'; task: NewTask; devices: Device[]; done?: () => void }
  | null;

interface DeviceViewProps {
  /** The group chosen beside the list, and the searches: the page keeps them for a new task. */
  group: GroupChoice;
  onGroup: (group: GroupChoice) => void;
  filters: Filters<typeof DEVICE_FILTERS>;
  /** The list's wheres: the group's and the searches'. */
  wheres: Where[];
  /** A task of chosen devices was created: the page shows it among the tasks. */
  onTaskCreated: (task: Task) => void;
  /** Whether the view is shown: back from the tasks, the list is read again (versions, states). */
  shown: boolean;
}

/**
 * The devices of device maintenance (spec §2.3 device_maintenance, §3 Device and Group, §6): the
 * groups beside the company's devices, filtered, sorted and paged by the server; binding one device
 * or a workbook of them, renaming, moving, unbinding, the tasks of chosen devices (a firmware
 * upgrade, a configuration, a white list), an online device's remote terminal, the export of the
 * current filter. Buttons follow the role's; a downstream company's device is shown read-only and
 * cannot be selected for a batch action.
 */
export function DeviceView({ group, onGroup, filters, wheres, onTaskCreated, shown }: DeviceViewProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mayBind = usePermission('bind');
  const mayEdit = usePermission('edit');
  const mayUnbind = usePermission('unbind');
  const mayMove = usePermission('move');
  const mayGroup = usePermission('group');
  const mayImport = usePermission('import');
  const mayExport = usePermission('export');
  const mayUpgrade = usePermission(TASK_BUTTONS.firmware_upgrade);
  const mayConfigure = usePermission(TASK_BUTTONS.configuration);
  const mayWhitelist = usePermission(TASK_BUTTONS.whitelist);
  const mayTelnet = usePermission('telnet');
  const openTerminal = useOpenTerminal();
  const table = useRef<DataTableHandle>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const chosenGroup = typeof group === 'number' && group > 0 ? group : null;

  /** After a write: the list, and the group counts it changes. */
  const changed = () => {
    table.current?.reload();
    void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
  };
  const done = () => {
    setDialog(null);
    changed();
  };

  // Tasks change devices (an upgrade, their firmware version): coming back, the list is read again,
  // its searches and page kept. Not on the first showing: the table loads then anyway.
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) table.current?.reload();
    wasShown.current = shown;
  }, [shown]);

  const tooMany = (devices: readonly Device[]) => {
    if (devices.length <= DEVICE_BATCH_MAX) return false;
    message.warning(t('maintenance.tooMany', { max: DEVICE_BATCH_MAX }));
    return true;
  };

  const unbind = async (devices: readonly Device[], clearSelection?: () => void) => {
    if (tooMany(devices)) return;
    const only = devices.length === 1 ? devices[0] : undefined;
    const done = await confirmThen(
      {
        title: only
          ? t('maintenance.unbindTitle', { name: only.name || only.sn })
          : t('maintenance.unbindManyTitle', { count: devices.length }),
        content: t('maintenance.unbindContent'),
        okText: t('maintenance.unbind'),
      },
      () =>
        only
          ? api.unbindOne({ params: { id: only.id } })
          : api.unbind({ body: { device_ids: devices.map((device) => device.id) } }),
    );
    if (!done) return;
    message.success(
      only
        ? t('maintenance.unbound', { name: only.name || only.sn })
        : t('maintenance.unboundMany', { count: devices.length }),
    );
    clearSelection?.();
    changed();
  };

  const move = (devices: Device[], clearSelection?: () => void) => {
    if (tooMany(devices)) return;
    setDialog({ kind: 'move', devices, ...(clearSelection ? { done: clearSelection } : {}) });
  };

  const newTask = (task: NewTask) => (devices: Device[], clearSelection?: () => void) =>
    setDialog({ kind: 'task', task, devices, ...(clearSelection ? { done: clearSelection } : {}) });
  const upgrade = newTask('upgrade');
  const configure = newTask('configure');
  const whitelist = newTask('whitelist');
  /** The selection's actions that open a dialog, in the order of their buttons. */
  const bulkDialogs = [
    { name: 'move', may: mayMove, open: move },
    { name: 'upgrade', may: mayUpgrade, open: upgrade },
    { name: 'configure', may: mayConfigure, open: configure },
    { name: 'whitelist', may: mayWhitelist, open: whitelist },
  ] as const;

  const columns = useDeviceColumns({
    edit: mayEdit && ((device) => setDialog({ kind: 'edit', device })),
    move: mayMove && ((device) => move([device])),
    upgrade: mayUpgrade && ((device) => upgrade([device])),
    configure: mayConfigure && ((device) => configure([device])),
    whitelist: mayWhitelist && ((device) => whitelist([device])),
    terminal: mayTelnet && ((device) => void openTerminal(device)),
    unbind: mayUnbind && ((device) => void unbind([device])),
  });
  const NewTaskDialog = dialog?.kind === 'task' ? NEW_TASK_DIALOGS[dialog.task] : null;

  const title = t('maintenance.title');
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <GroupPanel
          choice={group}
          onChoose={onGroup}
          mayManage={mayGroup}
          onChanged={() => table.current?.reload()}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <FilterForm label={t('maintenance.filters')} filters={filters} />
          <DataTable
            // The column choice is remembered per user (the table's id names its storage key).
            id={`devices-maintenance-${user?.id ?? 0}`}
            label={title}
            columns={columns}
            rowKey={(row) => row.id}
            filters={wheres}
            load={(query, signal) => api.devices({ query }, { signal })}
            emptyText={t('maintenance.empty')}
            selectable={mayUnbind || mayMove || mayUpgrade || mayConfigure || mayWhitelist}
            // Spec §6: a downstream company's device is never unbound or moved.
            rowSelectable={(row) => !row.read_only}
            bulkActions={(rows, clearSelection) => (
              <>
                {bulkDialogs.map(({ name, may, open }) =>
                  may ? (
                    <Button key={name} size="small" onClick={() => open(rows, clearSelection)}>
                      {t(`maintenance.${name}Selected`, { count: rows.length })}
                    </Button>
                  ) : null,
                )}
                {mayUnbind ? (
                  <Button size="small" variant="danger" onClick={() => void unbind(rows, clearSelection)}>
                    {t('maintenance.unbindSelected', { count: rows.length })}
                  </Button>
                ) : null}
              </>
            )}
            toolbar={
              <>
                {mayBind ? (
                  <Button variant="primary" onClick={() => setDialog({ kind: 'bind' })}>
                    {t('maintenance.bind')}
                  </Button>
                ) : null}
                {mayImport ? (
                  <Button onClick={() => setDialog({ kind: 'import' })}>{t('maintenance.import')}</Button>
                ) : null}
                {mayExport ? (
                  <ExportButton
                    file={t('maintenance.exportFile')}
                    download={() =>
                      api
                        .exportDevices({ query: shownListParams(table.current, wheres) })
                        .then(({ blob }) => blob)
                    }
                  />
                ) : null}
              </>
            }
            ref={table}
          />
        </div>
      </div>
      <Suspense fallback={null}>
        {dialog?.kind === 'bind' ? (
          <BindDialog groupId={chosenGroup} onClose={() => setDialog(null)} onBound={done} />
        ) : null}
        {dialog?.kind === 'import' ? (
          <ImportDialog groupId={chosenGroup} onClose={() => setDialog(null)} onImported={changed} />
        ) : null}
        {dialog?.kind === 'edit' ? (
          <EditDeviceDialog device={dialog.device} onClose={() => setDialog(null)} onSaved={done} />
        ) : null}
        {dialog?.kind === 'move' ? (
          <MoveDevicesDialog
            devices={dialog.devices}
            onClose={() => setDialog(null)}
            onMoved={() => {
              dialog.done?.();
              done();
            }}
          />
        ) : null}
        {NewTaskDialog && dialog?.kind === 'task' ? (
          <NewTaskDialog
            target={{ kind: 'devices', devices: dialog.devices }}
            onClose={() => setDialog(null)}
            onCreated={(task) => {
              dialog.done?.();
              setDialog(null);
              onTaskCreated(task);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
