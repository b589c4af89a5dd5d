import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, DEVICE_CALLS, type DeviceGroup, type DeviceGroups, UNGROUPED } from '@vap/contracts';
import { lazyExport, useClient, useT } from '@vap/kernel';
import { Button, cn, confirmThen, Empty, message, Skeleton } from '@vap/ui';
import { type ReactNode, Suspense, useState } from 'react';

/** The group dialog loads when first opened, not with the panel (issue 30 §5): with the form library. */
const GroupDialog = lazyExport(() => import('./group-dialog.js'), 'GroupDialog');

/** Which devices the list shows: all of them, one group's, or those in no group. */
export type GroupChoice = 'all' | number;

/** The group filter of the device list (`group_id`, `UNGROUPED` for the devices in no group). */
export const GROUPS_KEY = callKey(DEVICE_CALLS.groups);

export function useGroups() {
  const api = useClient(DEVICE_CALLS);
  return useQuery({ queryKey: GROUPS_KEY, queryFn: ({ signal }) => api.groups({}, { signal }) });
}

interface GroupPanelProps {
  choice: GroupChoice;
  onChoose: (choice: GroupChoice) => void;
  /** The role's `group` button: create, edit and delete groups. */
  mayManage: boolean;
  /** After a group changed: the list's group names and filter may be stale. */
  onChanged: () => void;
}

type Editing = { kind: 'create' } | { kind: 'edit'; group: DeviceGroup } | null;

/**
 * The groups beside the device list (spec §3 Group): all devices, each group with its devices and
 * maximum, and the ungrouped devices when the server answers their count (a role that sees every
 * group). Choosing one filters the list; with the role's `group` button, groups are created, edited
 * and deleted here (a deleted group's devices become ungrouped).
 */
export function GroupPanel({ choice, onChoose, mayManage, onChanged }: GroupPanelProps) {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const queryClient = useQueryClient();
  const groups = useGroups();
  const [editing, setEditing] = useState<Editing>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: GROUPS_KEY });
    onChanged();
  };

  const remove = async (group: DeviceGroup) => {
    const done = await confirmThen(
      {
        title: t('groups.deleteTitle', { name: group.name }),
        content: t('groups.deleteContent', { count: group.devices }),
        okText: t('groups.delete'),
      },
      () => api.deleteGroup({ params: { id: group.id } }),
    );
    if (!done) return;
    message.success(t('groups.deleted', { name: group.name }));
    if (choice === group.id) onChoose('all');
    refresh();
  };

  return (
    <nav aria-label={t('groups.label')} className="flex w-full flex-col gap-2 lg:w-64 lg:shrink-0">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-medium text-ink">{t('groups.label')}</h2>
        {mayManage ? (
          <Button size="small" onClick={() => setEditing({ kind: 'create' })}>
            {t('groups.add')}
          </Button>
        ) : null}
      </div>
      <GroupList
        groups={groups.data}
        loading={groups.isPending}
        error={groups.isError ? groups.error : null}
        retry={() => void groups.refetch()}
        choice={choice}
        onChoose={onChoose}
        mayManage={mayManage}
        onEdit={(group) => setEditing({ kind: 'edit', group })}
        onDelete={(group) => void remove(group)}
      />
      {editing ? (
        <Suspense fallback={null}>
          <GroupDialog
            group={editing.kind === 'edit' ? editing.group : null}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}

interface GroupListProps {
  groups: DeviceGroups | undefined;
  loading: boolean;
  error: Error | null;
  retry: () => void;
  choice: GroupChoice;
  onChoose: (choice: GroupChoice) => void;
  mayManage: boolean;
  onEdit: (group: DeviceGroup) => void;
  onDelete: (group: DeviceGroup) => void;
}

function GroupList({
  groups,
  loading,
  error,
  retry,
  choice,
  onChoose,
  mayManage,
  onEdit,
  onDelete,
}: GroupListProps) {
  const t = useT('devices');
  const entry = (key: GroupChoice, label: string, count?: string) => (
    <button
      type="button"
      aria-pressed={choice === key}
      onClick={() => onChoose(key)}
      className={cn(
        'flex min-w-0 flex-1 items-center justify-between gap-2 rounded px-2 py-1.5 text-left text-sm text-ink',
        'hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary',
        choice === key && 'bg-primary-soft font-medium text-primary',
      )}
    >
      <span className="truncate">{label}</span>
      {count === undefined ? null : <span className="shrink-0 text-xs text-ink-faint">{count}</span>}
    </button>
  );

  let body: ReactNode = null;
  if (loading) body = <Skeleton lines={4} />;
  else if (error) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-danger">
        <span>{error.message || t('groups.loadFailed')}</span>
        <Button size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (groups) {
    body = (
      <>
        {groups.items.length === 0 ? <Empty description={t('groups.empty')} className="py-4" /> : null}
        <ul className="flex flex-col gap-0.5">
          {groups.items.map((group) => (
            <li key={group.id} className="group flex items-center gap-1">
              {entry(
                group.id,
                group.name,
                t('groups.usage', { devices: group.devices, max: group.max_devices }),
              )}
              {mayManage ? (
                <span className="flex shrink-0">
                  {[
                    {
                      text: t('groups.edit'),
                      label: t('groups.editNamed', { name: group.name }),
                      run: onEdit,
                    },
                    {
                      text: t('groups.delete'),
                      label: t('groups.deleteNamed', { name: group.name }),
                      run: onDelete,
                    },
                  ].map(({ text, label, run }) => (
                    <Button
                      key={text}
                      size="small"
                      variant="link"
                      className={cn('px-1', run === onDelete && 'text-danger')}
                      aria-label={label}
                      onClick={() => run(group)}
                    >
                      {text}
                    </Button>
                  ))}
                </span>
              ) : null}
            </li>
          ))}
          {groups.ungrouped === undefined ? null : (
            <li className="flex">{entry(UNGROUPED, t('groups.ungrouped'), String(groups.ungrouped))}</li>
          )}
        </ul>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-1 rounded border border-line-soft bg-surface p-2">
      <div className="flex">{entry('all', t('groups.all'))}</div>
      {body}
    </div>
  );
}
