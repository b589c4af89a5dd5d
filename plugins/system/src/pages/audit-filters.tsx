import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type CompanyUser, SYSTEM_CALLS, type Where } from '@vap/contracts';
import { useClient, useT } from '@vap/kernel';
import { Button, DateRangePicker, type DateRangeValue, Select, wholeDays } from '@vap/ui';
import { useState } from 'react';

export interface AuditFilterValues {
  /** '' for everyone. */
  userId: string;
  /** '' for every action. */
  action: string;
  range: DateRangeValue | null;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { userId: '', action: '', range: null };

/** The `{k, o, v}` list of the audit log's filters: user, action and time (whole days, local time). */
export function auditWheres(values: AuditFilterValues): Where[] {
  const wheres: Where[] = [];
  if (values.userId !== '') wheres.push({ k: 'user_id', o: '=', v: Number(values.userId) });
  if (values.action !== '') wheres.push({ k: 'action', o: '=', v: values.action });
  if (values.range) wheres.push({ k: 'created_at', o: 'between', v: wholeDays(values.range) });
  return wheres;
}

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

export function AuditFilters({ onChange }: { onChange: (values: AuditFilterValues) => void }) {
  const t = useT('system');
  const actionName = useActionName();
  const users = useUsers();
  const [values, setValues] = useState(NO_AUDIT_FILTERS);
  const change = (next: AuditFilterValues) => {
    setValues(next);
    onChange(next);
  };
  return (
    <search aria-label={t('audit.filters')} className="flex flex-wrap items-center gap-3">
      <Select
        aria-label={t('audit.user')}
        placeholder={t('audit.anyUser')}
        options={users.map((user) => ({ value: String(user.id), label: `${user.nickname} (${user.phone})` }))}
        value={values.userId}
        onValueChange={(userId) => change({ ...values, userId })}
        clearable
        className="w-56"
      />
      <Select
        aria-label={t('audit.action.label')}
        placeholder={t('audit.anyAction')}
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionName(action) }))}
        value={values.action}
        onValueChange={(action) => change({ ...values, action })}
        clearable
        className="w-56"
      />
      <DateRangePicker
        aria-label={t('audit.time')}
        value={values.range}
        onChange={(range) => change({ ...values, range })}
        className="w-64"
      />
      <Button onClick={() => change(NO_AUDIT_FILTERS)}>{t('common.reset')}</Button>
    </search>
  );
}
