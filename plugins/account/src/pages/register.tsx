import { AUTH_CALLS, type SignUpBody, type SignUpFormValues, signUpFormSchema } from '@vap/contracts';
import { ApiError, md5Hex, useClient, useKernel, useT } from '@vap/kernel';
import { Alert, applyFieldErrors, Form, FormField, Input, SubmitButton, useZodForm } from '@vap/ui';
import { Link, useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../redirect.js';
import { AuthLayout } from '../sign-in/auth-layout.js';
import { NewPasswordFields } from '../sign-in/new-password-fields.js';
import { PhoneCodeFields, usePhoneCode } from '../sign-in/phone-code-fields.js';
import { signInWith } from '../sign-in/sign-in-after.js';

/** Sign up (spec §2.1 /register): phone, SMS code, password twice, an optional nickname. */
export default function RegisterPage() {
  const kernel = useKernel();
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  const tc = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useZodForm(signUpFormSchema, {
    defaultValues: { phone: '', sms_code: '', password: '', confirm_password: '', nickname: '' },
  });
  const { failure, setFailure, getPhone } = usePhoneCode(form);

  const submit = async (values: SignUpFormValues) => {
    setFailure(null);
    const body: SignUpBody = {
      phone: values.phone,
      sms_code: values.sms_code,
      password: await md5Hex(values.password),
      ...(values.nickname ? { nickname: values.nickname } : {}),
    };
    try {
      const { token } = await auth.signup({ body }, { quiet: true });
      const failed = await signInWith(kernel, token, tc('app.noAccess'));
      if (failed) setFailure(failed);
      // A new account has no company yet: the company completion of /login comes first.
      else if (kernel.session.state.status === 'no-company')
        navigate(`/login${location.search}`, { replace: true });
      else navigate(redirectTarget(location.search), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(form, error.fields)) return;
      setFailure((error as Error).message);
    }
  };

  return (
    <AuthLayout subtitle={t('register.title')}>
      <Form form={form} onSubmit={submit} aria-label={t('register.title')}>
        <PhoneCodeFields purpose="signup" getPhone={getPhone} onError={setFailure} />
        <NewPasswordFields passwordLabel={t('register.password')} />
        <FormField
          name="nickname"
          label={t('register.nickname')}
          hint={t('register.nicknameHint')}
          render={({ field }) => <Input {...field} autoComplete="nickname" />}
        />
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <p className="text-xs text-ink-soft">
          {t('register.agreement')}{' '}
          <Link className="text-primary hover:underline" to="/protocol" target="_blank">
            {t('register.protocol')}
          </Link>{' '}
          ·{' '}
          <Link className="text-primary hover:underline" to="/ipcfile" target="_blank">
            {t('register.ipcfile')}
          </Link>
        </p>
        <SubmitButton size="large" className="w-full">
          {t('register.submit')}
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link className="text-primary hover:underline" to={`/login${location.search}`}>
          {t('register.toLogin')}
        </Link>
      </p>
    </AuthLayout>
  );
}
