import { OWNER_ROLE_ID, type Role, USER_FILTERS } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/** The user list's filters: phone and nickname searches and a role choice, applied on Search (or Enter). */
export function useUserFilters(roles: readonly Role[]) {
  const t = useT('system');
  const roleOptions = [
    { value: String(OWNER_ROLE_ID), label: t('role.superAdmin') },
    ...roles.map((role) => ({ value: String(role.id), label: role.name })),
  ];
  return useFilters(USER_FILTERS, [
    { key: 'phone', op: 'like', kind: 'text', label: t('users.phone'), className: 'w-44' },
    { key: 'nickname', op: 'like', kind: 'text', label: t('users.nickname'), className: 'w-44' },
    {
      key: 'role_id',
      op: '=',
      kind: 'select',
      label: t('users.role'),
      placeholder: t('users.anyRole'),
      options: roleOptions,
      className: 'w-44',
    },
  ]);
}
