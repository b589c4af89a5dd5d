import { OWNER_ROLE_ID, type Role, type Where } from '@vap/contracts';
import { useT } from '@vap/kernel';
import { Button, Input, Select } from '@vap/ui';
import { type FormEvent, useState } from 'react';

export interface UserFilterValues {
  phone: string;
  nickname: string;
  /** '' for every role. */
  roleId: string;
}

export const NO_USER_FILTERS: UserFilterValues = { phone: '', nickname: '', roleId: '' };

/** The `{k, o, v}` list of spec §3 for the user list's filters (phone, nickname, role). */
export function userWheres(values: UserFilterValues): Where[] {
  const wheres: Where[] = [];
  const phone = values.phone.trim();
  if (phone) wheres.push({ k: 'phone', o: 'like', v: phone });
  const nickname = values.nickname.trim();
  if (nickname) wheres.push({ k: 'nickname', o: 'like', v: nickname });
  if (values.roleId !== '') wheres.push({ k: 'role_id', o: '=', v: Number(values.roleId) });
  return wheres;
}

interface UserFiltersProps {
  roles: readonly Role[];
  onChange: (values: UserFilterValues) => void;
}

/** Phone and nickname searches and a role choice, applied on Search (or Enter). */
export function UserFilters({ roles, onChange }: UserFiltersProps) {
  const t = useT('system');
  const [values, setValues] = useState(NO_USER_FILTERS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(values);
  };
  const roleOptions = [
    { value: String(OWNER_ROLE_ID), label: t('role.superAdmin') },
    ...roles.map((role) => ({ value: String(role.id), label: role.name })),
  ];
  return (
    <form aria-label={t('users.filters')} className="flex flex-wrap items-center gap-3" onSubmit={submit}>
      <Input
        type="search"
        inputMode="numeric"
        aria-label={t('users.phone')}
        placeholder={t('users.phone')}
        value={values.phone}
        maxLength={11}
        onChange={(event) => setValues({ ...values, phone: event.target.value.replace(/\D/g, '') })}
        className="w-44"
      />
      <Input
        type="search"
        aria-label={t('users.nickname')}
        placeholder={t('users.nickname')}
        value={values.nickname}
        maxLength={10}
        onChange={(event) => setValues({ ...values, nickname: event.target.value })}
        className="w-44"
      />
      <Select
        aria-label={t('users.role')}
        placeholder={t('users.anyRole')}
        options={roleOptions}
        value={values.roleId}
        onValueChange={(roleId) => setValues({ ...values, roleId })}
        clearable
        className="w-44"
      />
      <Button type="submit" variant="primary">
        {t('common.search')}
      </Button>
      <Button
        type="button"
        onClick={() => {
          setValues(NO_USER_FILTERS);
          onChange(NO_USER_FILTERS);
        }}
      >
        {t('common.reset')}
      </Button>
    </form>
  );
}
