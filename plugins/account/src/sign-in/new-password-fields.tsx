import { useT } from '@vap/kernel';
import { FormField, PasswordInput } from '@vap/ui';

/** A new password and its confirmation (spec §5.2), inside a `Form` whose schema checks both. */
export function NewPasswordFields({ passwordLabel }: { passwordLabel: string }) {
  const t = useT('account');
  const reveal = { showLabel: t('login.showPassword'), hideLabel: t('login.hidePassword') };
  return (
    <>
      <FormField
        name="password"
        label={passwordLabel}
        required
        render={({ field }) => (
          <PasswordInput
            {...field}
            {...reveal}
            autoComplete="new-password"
            placeholder={t('register.passwordPlaceholder')}
          />
        )}
      />
      <FormField
        name="confirm_password"
        label={t('register.confirmPassword')}
        required
        render={({ field }) => (
          <PasswordInput
            {...field}
            {...reveal}
            autoComplete="new-password"
            placeholder={t('register.confirmPlaceholder')}
          />
        )}
      />
    </>
  );
}
