import { type ListQuery, type Role, SYSTEM_CALLS } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import {
  alert,
  Button,
  type Column,
  confirmThen,
  type DataTableHandle,
  ListPage,
  message,
  rowActionsColumn,
  Tag,
  useListDialog,
} from '@vap/ui';
import { Suspense, useRef, useState } from 'react';
import { useGroupNames } from '../device-groups.js';
import { canActOnRole } from '../holder.js';
import { pageLocally } from '../local-list.js';
import { DRY_RUN, useEditorRights } from '../use-roles.js';

/** The roles list is small and unpaged on the server; the table pages and sorts it here. */
export function pageOfRoles(roles: readonly Role[], query: Pick<ListQuery, 'page' | 'size' | 'orders'>) {
  return pageLocally(roles, query);
}

/**
 * The role editor loads when first opened, not with the list (issue 30 §5): with the form library
 * that only it uses on this page.
 */
const RoleEditor = lazyExport(() => import('./role-editor.js'), 'RoleEditor');

type Editing = { role?: Role };

/**
 * System roles (spec §3 role, §5.5, §6): what each role may open and use, and which device groups
 * it sees. The super administrator (the owner) holds everything and is no role to edit.
 */
export default function RolesPage() {
  const t = useT('system');
  const system = useClient(SYSTEM_CALLS);
  const groupNames = useGroupNames();
  // The table's load reads the roles; the editor's rights follow from the same answer.
  const [roles, setRoles] = useState<Role[] | null>(null);
  const { editor, holder } = useEditorRights(roles ?? []);
  const mayAdd = usePermission('add');
  const mayEdit = usePermission('edit');
  const mayDelete = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const editing = useListDialog<Editing>(table);

  const refresh = () => table.current?.reload();

  const remove = async (role: Role) => {
    let holders: number;
    try {
      holders = (await system.deleteRole({ params: { id: role.id }, query: DRY_RUN })).affected_users;
    } catch {
      return;
    }
    if (holders > 0) {
      await alert({
        title: t('roles.inUseTitle', { name: role.name }),
        content: t('roles.inUse', { count: holders }),
      });
      return;
    }
    const done = await confirmThen(
      {
        title: t('roles.deleteTitle', { name: role.name }),
        content: t('roles.deleteContent'),
        okText: t('roles.delete'),
      },
      () => system.deleteRole({ params: { id: role.id } }),
    );
    if (!done) return;
    message.success(t('roles.deleted', { name: role.name }));
    refresh();
  };

  const columns: Column<Role>[] = [
    {
      key: 'name',
      title: t('roles.name'),
      kind: 'name',
      sortable: true,
      render: (row) => (
        <span className="flex items-center gap-2">
          {row.name}
          {row.is_default ? <Tag>{t('roles.default')}</Tag> : null}
        </span>
      ),
    },
    { key: 'users', title: t('roles.users'), kind: 'number', sortable: true },
    {
      key: 'groups',
      title: t('roles.groups'),
      render: (row) =>
        row.is_access_all_group ? (
          <Tag tone="primary">{t('roles.allGroupsShort')}</Tag>
        ) : row.group_ids.length > 0 ? (
          groupNames(row.group_ids)
        ) : (
          t('roles.noGroups')
        ),
      csv: (row) => (row.is_access_all_group ? t('roles.allGroupsShort') : groupNames(row.group_ids)),
    },
    { key: 'created_at', title: t('roles.createdAt'), kind: 'date', sortable: true },
    rowActionsColumn(t('common.actions'), (row) => {
      if (roles === null || !canActOnRole(editor, holder, row)) return null;
      return [
        mayEdit && { label: t('roles.edit'), onClick: () => editing.open({ role: row }) },
        // The default role is never deleted (spec §6).
        mayDelete &&
          !row.is_default && {
            label: t('roles.delete'),
            onClick: () => void remove(row),
            danger: true,
          },
      ];
    }),
  ];

  return (
    <ListPage
      title={t('roles.title')}
      description={t('roles.superAdminNote')}
      id="system-roles"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={async (query) => {
        const all = (await system.roles()).items;
        setRoles(all);
        return pageOfRoles(all, query);
      }}
      emptyText={t('roles.empty')}
      toolbar={
        mayAdd ? (
          <Button variant="primary" onClick={() => editing.open({})}>
            {t('roles.add')}
          </Button>
        ) : null
      }
    >
      {editing.dialog ? (
        <Suspense fallback={null}>
          <RoleEditor
            {...(editing.dialog.role ? { role: editing.dialog.role } : {})}
            onClose={editing.close}
            onSaved={editing.done}
          />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
