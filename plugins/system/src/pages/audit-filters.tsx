import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, AUDIT_FILTERS, type CompanyUser, SYSTEM_CALLS } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { useFilters } from '@vap/ui';

/** The translated name of an action; an action this console does not know shows as recorded. */
export function useActionName() {
  const t = useT('system');
  return (action: string) => t(`audit.action.${action.replaceAll('.', '_')}`, { defaultValue: action });
}

/** The company's users to filter by (the first 100; the log is the owner's, who may list them). */
const NO_USERS: CompanyUser[] = [];

/** The company's users for the user filter (the first 100 by nickname); none while they load or fail. */
function useUsers(): CompanyUser[] {
  const system = useClient(SYSTEM_CALLS);
  const { data } = useQuery({
    queryKey: ['system', 'users', 'audit-filter'],
    queryFn: async () =>
      (
        await system.users({
          query: { page: 1, size: 100, wheres: [], orders: [{ k: 'nickname', o: 'asc' }] },
        })
      ).items,
  });
  return data ?? NO_USERS;
}

/** The audit log's filters: user, action and time (whole days, local time), each applied as it changes. */
export function useAuditFilters() {
  const t = useT('system');
  const actionName = useActionName();
  const users = useUsers();
  return useFilters(AUDIT_FILTERS, [
    {
      key: 'user_id',
      op: '=',
      kind: 'select',
      label: t('audit.user'),
      placeholder: t('audit.anyUser'),
      options: users.map((user) => ({ value: String(user.id), label: `${user.nickname} (${user.phone})` })),
      className: 'w-56',
      instant: true,
    },
    {
      key: 'action',
      op: '=',
      kind: 'select',
      label: t('audit.action.label'),
      placeholder: t('audit.anyAction'),
      options: AUDIT_ACTIONS.map((action) => ({ value: action, label: actionName(action) })),
      className: 'w-56',
      instant: true,
    },
    {
      key: 'created_at',
      op: 'between',
      kind: 'days',
      label: t('audit.time'),
      className: 'w-64',
      instant: true,
    },
  ]);
}
