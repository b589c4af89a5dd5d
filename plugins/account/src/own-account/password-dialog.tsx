import { ACCOUNT_CALLS, type PasswordChangeForm, passwordChangeFormSchema } from '@vap/contracts';
import { md5Hex, useClient, useKernel, useSession, useT } from '@vap/kernel';
import { alert, FormDialog, FormField, message, PasswordInput, useZodForm } from '@vap/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { messageOf } from './upload.js';

/**
 * Change password (spec §3, §4.1, §5.2, §8): the old password only when the account has one; on
 * success an alert, then logout (the server has already ended every other session); on failure
 * 'password change error' with the server's message, and the dialog closes.
 */
export default function PasswordDialog({ onClose }: { onClose: () => void }) {
  const kernel = useKernel();
  const account = useClient(ACCOUNT_CALLS);
  const t = useT('own-account');
  const navigate = useNavigate();
  const { user } = useSession();
  const isPasswordEmpty = user?.is_password_empty ?? false;
  const schema = useMemo(() => passwordChangeFormSchema(isPasswordEmpty), [isPasswordEmpty]);
  const form = useZodForm(schema, {
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const [open, setOpen] = useState(true);

  const submit = async (values: PasswordChangeForm) => {
    try {
      if (isPasswordEmpty) {
        await account.setPassword({ body: { password: await md5Hex(values.new_password) } }, { quiet: true });
      } else {
        const body = {
          old_password: await md5Hex(values.old_password ?? ''),
          new_password: await md5Hex(values.new_password),
        };
        await account.changePassword({ body }, { quiet: true });
      }
    } catch (error) {
      message.error(t('password.fail', { message: messageOf(error) }));
      onClose();
      return;
    }
    setOpen(false);
    await alert({ title: t('password.successTitle'), content: t('password.successContent') });
    await kernel.session.logout();
    navigate('/login', { replace: true });
    onClose();
  };

  const passwordProps = { showLabel: t('password.show'), hideLabel: t('password.hide') };
  return (
    <FormDialog
      form={form}
      title={t('password.title')}
      size="small"
      open={open}
      onSubmit={submit}
      onClose={onClose}
    >
      {isPasswordEmpty ? null : (
        <FormField
          name="old_password"
          label={t('password.old')}
          required
          render={({ field }) => (
            <PasswordInput
              {...field}
              value={field.value ?? ''}
              autoComplete="current-password"
              {...passwordProps}
            />
          )}
        />
      )}
      <FormField
        name="new_password"
        label={t('password.new')}
        required
        render={({ field }) => <PasswordInput {...field} autoComplete="new-password" {...passwordProps} />}
      />
      <FormField
        name="confirm_password"
        label={t('password.confirm')}
        required
        render={({ field }) => <PasswordInput {...field} autoComplete="new-password" {...passwordProps} />}
      />
    </FormDialog>
  );
}
