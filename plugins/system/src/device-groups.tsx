/**
 * The company's device groups as the role editor, the access-key dialog and their tables show them
 * (spec §3 role and access key, §6): loaded once through TanStack Query, chosen by name, and a
 * group id no group has any more shown as deleted.
 */
import { useQuery } from '@tanstack/react-query';
import { DEVICE_CALLS, type DeviceGroups } from '@vap/contracts';
import { ApiError, useClient, useT } from '@vap/kernel';
import { Button, CheckboxList, type CheckboxListOption, Spinner } from '@vap/ui';

export const DEVICE_GROUPS_KEY = ['system', 'device-groups'] as const;

/** Above this many choices the picker shows a filter box. */
const FILTER_FROM = 6;

export type DeviceGroupsState =
  | { status: 'loading' }
  /** The caller's role lacks the device_maintenance page: the server shows it no group. */
  | { status: 'forbidden' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; groups: DeviceGroups };

/** The groups the caller sees. Failures are not announced: the picker shows them where it is. */
export function useDeviceGroups(): { state: DeviceGroupsState; reload: () => void } {
  const devices = useClient(DEVICE_CALLS);
  const query = useQuery({
    queryKey: DEVICE_GROUPS_KEY,
    queryFn: ({ signal }) => devices.groups({}, { signal, quiet: true }),
  });
  const { data, error } = query;
  const state: DeviceGroupsState = data
    ? { status: 'ready', groups: data }
    : error && !query.isFetching
      ? error instanceof ApiError && error.status === 403
        ? { status: 'forbidden' }
        : { status: 'failed', message: error.message }
      : { status: 'loading' };
  return { state, reload: () => void query.refetch() };
}

/**
 * The name of a group id: its group's, else "group #id", "(deleted)" when the caller sees every
 * group (the server then answers the ungrouped count) and so would see it if it existed.
 */
function useGroupLabel(state: DeviceGroupsState): (id: number) => string {
  const t = useT('system');
  const names = new Map(state.status === 'ready' ? state.groups.items.map((g) => [g.id, g.name]) : []);
  const seesAll = state.status === 'ready' && state.groups.ungrouped !== undefined;
  return (id) => names.get(id) ?? t(seesAll ? 'groups.deleted' : 'groups.unknown', { id });
}

/** A table's text for a role's or a key's group ids: their names once the groups are loaded, the ids until then. */
export function useGroupNames(): (ids: readonly number[]) => string {
  const { state } = useDeviceGroups();
  const label = useGroupLabel(state);
  return (ids) => (state.status === 'ready' ? ids.map(label) : ids).join(', ');
}

export interface GroupPickerProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** While "all groups" is on: the choice is kept but not used. */
  disabled?: boolean;
  /** The ids already given (a role being edited): listed even when their group is gone. */
  given?: readonly number[];
  /** Set by the form field around the picker. */
  id?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * Chooses device groups by name from those the caller sees, as checkboxes with a filter for many.
 * Says when the groups are loading, when there are none yet, when the caller may not see them
 * (then only all groups or none), and the server's message with a retry on other failures.
 */
export function GroupPicker({ value, onChange, disabled, given = [], ...field }: GroupPickerProps) {
  const t = useT('system');
  const { state, reload } = useDeviceGroups();
  const label = useGroupLabel(state);
  const known = state.status === 'ready' ? state.groups.items : [];
  const knownIds = new Set(known.map((group) => group.id));
  // Ids given or chosen that no listed group has: a deleted group, or groups not loaded (yet).
  const others = [...new Set([...given, ...value])].filter((id) => !knownIds.has(id));
  const options: CheckboxListOption<number>[] = [
    ...known.map((group) => ({ value: group.id, label: group.name })),
    ...others.map((id) => ({ value: id, label: label(id) })),
  ];
  const deletedChosen =
    state.status === 'ready' &&
    state.groups.ungrouped !== undefined &&
    others.some((id) => value.includes(id));

  return (
    <div className="flex flex-col gap-2">
      {state.status === 'loading' ? (
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <Spinner /> {t('groups.loading')}
        </p>
      ) : state.status === 'forbidden' ? (
        <p className="text-sm text-ink-soft">{t('groups.forbidden')}</p>
      ) : state.status === 'failed' ? (
        <p className="flex items-center gap-2 text-sm text-danger">
          {t('groups.failed', { message: state.message })}
          <Button size="small" onClick={reload}>
            {t('groups.retry')}
          </Button>
        </p>
      ) : known.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('groups.none')}</p>
      ) : null}
      <CheckboxList
        {...field}
        options={options}
        value={value}
        onChange={onChange}
        disabled={disabled}
        filterable={options.length > FILTER_FROM}
        filterLabel={t('groups.filter')}
      />
      {deletedChosen && !disabled ? (
        <p className="text-sm text-warning">{t('groups.deletedChosen')}</p>
      ) : null}
    </div>
  );
}

/** The group ids a grant sends: none while all groups are on (the server keeps none then either). */
export const groupIdsToSend = (values: { is_access_all_group: boolean; group_ids: number[] }) =>
  values.is_access_all_group ? [] : values.group_ids;
