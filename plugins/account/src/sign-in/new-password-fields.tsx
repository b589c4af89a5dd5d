import { useT } from '@vap/kernel';
import { FormField, PasswordInput } from '@vap/ui';

/** A new password and its confirmation (spec §5.2), inside a `Form` whose schema checks both. */
export function NewPasswordFields({ passwordLabel }: { passwordLabel: string }) {
  const t = useT('account');
  const reveal = { showLabel: t('login.showPassword'), hideLabel: t('login.hidePassword') };
  const fields = [
    { name: 'password', label: passwordLabel, placeholder: t('register.passwordPlaceholder') },
    {
      name: 'confirm_password',
      label: t('register.confirmPassword'),
      placeholder: t('register.confirmPlaceholder'),
    },
  ];
  return (
    <>
      {fields.map(({ name, label, placeholder }) => (
        <FormField
          key={name}
          name={name}
          label={label}
          required
          render={({ field }) => (
            <PasswordInput {...field} {...reveal} autoComplete="new-password" placeholder={placeholder} />
          )}
        />
      ))}
    </>
  );
}
