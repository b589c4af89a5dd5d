import {
  type CompanyUser,
  type CreateUserForm,
  createUserFormSchema,
  type EditUserBody,
  editUserBodySchema,
  type Role,
  SYSTEM_CALLS,
} from '@vap/contracts';
import { md5Hex, useClient, useT } from '@vap/kernel';
import {
  Button,
  Dialog,
  Field,
  FormDialog,
  FormField,
  IdSelectField,
  Input,
  message,
  PasswordInput,
  Select,
  TextareaField,
  TextField,
  useZodForm,
} from '@vap/ui';
import { useState } from 'react';

const roleOptions = (roles: readonly Role[]) =>
  roles.map((role) => ({ value: String(role.id), label: role.name }));

interface CreateUserDialogProps {
  /** The roles the editor may give (spec §6: never wider than their own). */
  roles: readonly Role[];
  onClose: () => void;
  onCreated: () => void;
}

/** Adds a user to the company (spec §3 company user payload, §7.2 POST /users). */
export function CreateUserDialog({ roles, onClose, onCreated }: CreateUserDialogProps) {
  const t = useT('system');
  const system = useClient(SYSTEM_CALLS);
  const form = useZodForm(createUserFormSchema, {
    defaultValues: {
      phone: '',
      password: '',
      nickname: '',
      email: '',
      remark: '',
      // The default role is offered first (spec §6), when the editor may give it.
      role_id: roles.find((role) => role.is_default)?.id,
    } as CreateUserForm,
  });

  const submit = async ({ password, ...values }: { password: string } & Omit<CreateUserForm, 'password'>) => {
    try {
      await system.createUser({ body: { ...values, password: await md5Hex(password) } });
    } catch {
      // The console shows the server's message (e.g. the phone is already registered); the form stays.
      return;
    }
    message.success(t('users.created'));
    onCreated();
  };

  return (
    <FormDialog form={form} title={t('users.addTitle')} onSubmit={submit} onClose={onClose}>
      <TextField name="phone" label={t('users.phone')} required inputMode="numeric" autoComplete="off" />
      <FormField
        name="password"
        label={t('users.password')}
        required
        hint={t('users.passwordHint')}
        render={({ field }) => <PasswordInput {...field} autoComplete="new-password" />}
      />
      <IdSelectField name="role_id" label={t('users.role')} required options={roleOptions(roles)} />
      <ProfileFields />
    </FormDialog>
  );
}

interface ChangeRoleDialogProps {
  user: CompanyUser;
  roles: readonly Role[];
  onClose: () => void;
  onChanged: () => void;
}

/** Gives a user another role (spec §7.2 PUT /users/{id}/role). */
export function ChangeRoleDialog({ user, roles, onClose, onChanged }: ChangeRoleDialogProps) {
  const t = useT('system');
  const system = useClient(SYSTEM_CALLS);
  const [roleId, setRoleId] = useState(String(user.role_id));
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await system.setUserRole({ params: { id: user.id }, body: { role_id: Number(roleId) } });
    } catch {
      setSaving(false);
      return;
    }
    message.success(t('users.roleChanged', { name: user.nickname }));
    onChanged();
  };
  return (
    <Dialog
      onClose={onClose}
      title={t('users.changeRoleTitle', { name: user.nickname })}
      size="small"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="primary"
            loading={saving}
            disabled={roleId === String(user.role_id)}
            onClick={() => void save()}
          >
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Field label={t('users.role')}>
        <Select options={roleOptions(roles)} value={roleId} onValueChange={setRoleId} />
      </Field>
    </Dialog>
  );
}

interface EditUserDialogProps {
  user: CompanyUser;
  onClose: () => void;
  onSaved: () => void;
}

/** Changes a user's nickname, email and remark (PUT /users/{id}); the phone signs them in and stays. */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const t = useT('system');
  const system = useClient(SYSTEM_CALLS);
  const form = useZodForm(editUserBodySchema, {
    defaultValues: { nickname: user.nickname, email: user.email, remark: user.remark },
  });
  const title = t('users.editTitle', { name: user.nickname });
  const submit = async (values: EditUserBody) => {
    try {
      await system.editUser({ params: { id: user.id }, body: values });
    } catch {
      return;
    }
    message.success(t('users.edited', { name: values.nickname }));
    onSaved();
  };
  return (
    <FormDialog form={form} title={title} onSubmit={submit} onClose={onClose}>
      <Field label={t('users.phone')}>
        <Input value={user.phone} readOnly disabled />
      </Field>
      <ProfileFields />
    </FormDialog>
  );
}

/** Nickname, email and remark: the fields the add and edit forms share. */
function ProfileFields() {
  const t = useT('system');
  return (
    <>
      <TextField name="nickname" label={t('users.nickname')} required maxLength={10} />
      <TextField name="email" label={t('users.email')} type="email" />
      <TextareaField name="remark" label={t('users.remark')} maxLength={200} />
    </>
  );
}
