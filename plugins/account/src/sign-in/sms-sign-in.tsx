import { AUTH_CALLS, type LoginSmsCodeBody, smsSignInFormSchema } from '@vap/contracts';
import { ApiError, useClient, useKernel, useT } from '@vap/kernel';
import { Alert, applyFieldErrors, Form, SubmitButton, useZodForm } from '@vap/ui';
import { PhoneCodeFields, usePhoneCode } from './phone-code-fields.js';
import { signInWith } from './sign-in-after.js';

/** Sign in with the phone and an SMS code (purpose `login`). */
export function SmsSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const kernel = useKernel();
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  const tc = useT();
  const form = useZodForm(smsSignInFormSchema, { defaultValues: { phone: '', sms_code: '' } });
  const { failure, setFailure, getPhone } = usePhoneCode(form);

  const submit = async (values: LoginSmsCodeBody) => {
    setFailure(null);
    try {
      const { token } = await auth.loginSmsCode({ body: values }, { quiet: true });
      const failed = await signInWith(kernel, token, tc('app.noAccess'));
      if (failed) setFailure(failed);
      else onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(form, error.fields)) return;
      setFailure((error as Error).message);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={t('sms.formName')}>
      <PhoneCodeFields purpose="login" getPhone={getPhone} onError={setFailure} />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <SubmitButton size="large" className="w-full">
        {t('login.submit')}
      </SubmitButton>
    </Form>
  );
}
