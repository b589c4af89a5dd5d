import { type CompanyUser, SYSTEM_CALLS } from '@vap/contracts';
import { lazyExport, useClient, usePermission, useT } from '@vap/kernel';
import {
  Button,
  type Column,
  confirmThen,
  type DataTableHandle,
  ListPage,
  message,
  rowActionsColumn,
  useListDialog,
} from '@vap/ui';
import { Suspense, useRef } from 'react';
import { assignableRoles, canActOnUser } from '../holder.js';
import { useEditorRights, useRoleOptions } from '../use-roles.js';
import { ChildCompanies } from './child-companies.js';
import { useUserFilters } from './user-filters.js';

/**
 * The user dialogs load when first opened, not with the list (issue 30 §5): with the form library
 * that only they use on this page.
 */
const CreateUserDialog = lazyExport(() => import('./user-dialogs.js'), 'CreateUserDialog');
const EditUserDialog = lazyExport(() => import('./user-dialogs.js'), 'EditUserDialog');
const ChangeRoleDialog = lazyExport(() => import('./user-dialogs.js'), 'ChangeRoleDialog');

type Dialog = { kind: 'create' } | { kind: 'edit'; user: CompanyUser } | { kind: 'role'; user: CompanyUser };

/**
 * System users (spec §7.2 /users, /children, §6): the company's staff with their roles, and below
 * them the downstream companies. Adding, editing, changing a role and removing follow the role's buttons;
 * each row's actions also follow the rules of §6 (never oneself, the super administrator, or an
 * account with more rights than the editor).
 */
export default function UsersPage() {
  const t = useT('system');
  const system = useClient(SYSTEM_CALLS);
  const { roles, loaded } = useRoleOptions();
  const { editor, holder } = useEditorRights(roles);
  const mayAdd = usePermission('add');
  const mayEdit = usePermission('edit');
  const mayChangeRole = usePermission('role');
  const mayRemove = usePermission('delete');
  const table = useRef<DataTableHandle>(null);
  const filters = useUserFilters(roles);
  const { dialog, open, close, done } = useListDialog<Dialog>(table);
  const giveable = assignableRoles(holder, roles);

  const remove = async (user: CompanyUser) => {
    const done = await confirmThen(
      {
        title: t('users.removeTitle', { name: user.nickname }),
        content: t('users.removeContent'),
        okText: t('users.remove'),
      },
      () => system.removeUser({ params: { id: user.id } }),
    );
    if (!done) return;
    message.success(t('users.removed', { name: user.nickname }));
    table.current?.reload();
  };

  const columns: Column<CompanyUser>[] = [
    { key: 'phone', title: t('users.phone'), kind: 'id', sortable: true },
    { key: 'nickname', title: t('users.nickname'), kind: 'name', sortable: true },
    {
      key: 'role_id',
      title: t('users.role'),
      kind: 'name',
      sortable: true,
      render: (row) => row.role_name || t('role.superAdmin'),
      csv: (row) => row.role_name || t('role.superAdmin'),
    },
    { key: 'email', title: t('users.email'), kind: 'id' },
    { key: 'remark', title: t('users.remark'), defaultHidden: true },
    { key: 'created_at', title: t('users.createdAt'), kind: 'date', sortable: true },
    rowActionsColumn(t('common.actions'), (row) => {
      if (!loaded || !canActOnUser(editor, holder, row, roles)) return null;
      return [
        mayEdit && { label: t('users.edit'), onClick: () => open({ kind: 'edit', user: row }) },
        mayChangeRole && {
          label: t('users.changeRole'),
          onClick: () => open({ kind: 'role', user: row }),
        },
        mayRemove && { label: t('users.remove'), onClick: () => void remove(row), danger: true },
      ];
    }),
  ];

  return (
    <ListPage
      title={t('users.title')}
      filterBy={{ label: t('users.filters'), filters }}
      id="system-users"
      ref={table}
      columns={columns}
      rowKey={(row) => row.id}
      load={(query, signal) => system.users({ query }, { signal })}
      emptyText={t('users.empty')}
      toolbar={
        mayAdd ? (
          <Button variant="primary" disabled={giveable.length === 0} onClick={() => open({ kind: 'create' })}>
            {t('users.add')}
          </Button>
        ) : null
      }
    >
      <ChildCompanies />
      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? (
          <CreateUserDialog roles={giveable} onClose={close} onCreated={done} />
        ) : null}
        {dialog?.kind === 'edit' ? (
          <EditUserDialog user={dialog.user} onClose={close} onSaved={done} />
        ) : null}
        {dialog?.kind === 'role' ? (
          <ChangeRoleDialog user={dialog.user} roles={giveable} onClose={close} onChanged={done} />
        ) : null}
      </Suspense>
    </ListPage>
  );
}
