import {
  AUTH_CALLS,
  type ResetPasswordBody,
  type ResetPasswordFormValues,
  resetPasswordFormSchema,
} from '@vap/contracts';
import { ApiError, md5Hex, useClient, useT } from '@vap/kernel';
import { Alert, applyFieldErrors, Form, message, SubmitButton, useZodForm } from '@vap/ui';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../sign-in/auth-layout.js';
import { NewPasswordFields } from '../sign-in/new-password-fields.js';
import { PhoneCodeFields, usePhoneCode } from '../sign-in/phone-code-fields.js';

/** Password reset (spec §2.1 /forgetPwd): phone, SMS code, the new password twice; then sign in. */
export default function ForgetPwdPage() {
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  const navigate = useNavigate();
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { phone: '', sms_code: '', password: '', confirm_password: '' },
  });
  const { failure, setFailure, getPhone } = usePhoneCode(form);

  const submit = async (values: ResetPasswordFormValues) => {
    setFailure(null);
    const body: ResetPasswordBody = {
      phone: values.phone,
      sms_code: values.sms_code,
      password: await md5Hex(values.password),
    };
    try {
      await auth.resetPassword({ body }, { quiet: true });
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(form, error.fields)) return;
      setFailure((error as Error).message);
      return;
    }
    message.success(t('reset.success'));
    navigate('/login', { replace: true });
  };

  return (
    <AuthLayout subtitle={t('reset.title')}>
      <Form form={form} onSubmit={submit} aria-label={t('reset.title')}>
        <PhoneCodeFields purpose="reset" getPhone={getPhone} onError={setFailure} />
        <NewPasswordFields passwordLabel={t('reset.password')} />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <SubmitButton size="large" className="w-full">
          {t('reset.submit')}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link className="text-primary hover:underline" to="/login">
          {t('register.toLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
