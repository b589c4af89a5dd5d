import { loginPasswordBodySchema, loginResultSchema } from '@vap/contracts';
import { md5Hex, NoAccessError, useKernel, useT } from '@vap/kernel';
import { Alert, Button, Field, Input, LanguageSelect, PasswordInput } from '@vap/ui';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../redirect.js';

export const LOGIN_PASSWORD_PATH = '/v0/pms/users/login_password';

type Errors = Partial<Record<'account' | 'password', string>>;

/** Sign in (spec §2.1 /login): the password method. */
export default function LoginPage() {
  const kernel = useKernel();
  const t = useT('account');
  const tc = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (): Errors => {
    const found: Errors = {};
    const accountIssue = loginPasswordBodySchema.shape.account.safeParse(account).error?.issues[0];
    if (accountIssue) found.account = tc(accountIssue.message);
    if (!password) found.password = tc('validation.required');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (found.account || found.password) return;
    setBusy(true);
    try {
      const body = { account: account.trim(), password: await md5Hex(password) };
      const { token } = await kernel.http.post(LOGIN_PASSWORD_PATH, body, {
        auth: false,
        schema: loginResultSchema,
        // The form shows the failure inline.
        quiet: true,
      });
      await kernel.session.signIn(token);
      navigate(redirectTarget(location.search), { replace: true });
    } catch (error) {
      // The server's own message (spec §8); the no-access case has its own warning (§4.1).
      setFailure(error instanceof NoAccessError ? tc('app.noAccess') : (error as Error).message);
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-canvas px-4">
      <div className="absolute top-4 right-4">
        <LanguageSelect
          label={tc('navbar.language')}
          value={kernel.i18n.language}
          onChange={(language) => void kernel.setLanguage(language)}
        />
      </div>
      <div className="w-full max-w-sm rounded-lg bg-surface p-8 shadow-sm">
        <h1 className="text-center text-2xl font-semibold text-ink">{tc('app.title')}</h1>
        <p className="mt-1 mb-6 text-center text-sm text-ink-soft">{t('login.subtitle')}</p>
        <div role="tablist" aria-label={t('login.methods')} className="mb-5 flex border-b border-line-soft">
          <button
            type="button"
            role="tab"
            aria-selected="true"
            className="-mb-px border-b-2 border-primary px-1 pb-2 text-sm font-medium text-primary"
          >
            {t('login.methodPassword')}
          </button>
        </div>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('login.title')}>
          <Field label={t('login.account')} error={errors.account} required>
            <Input
              name="account"
              autoComplete="username"
              inputMode="email"
              placeholder={t('login.accountPlaceholder')}
              value={account}
              onChange={(event) => setAccount(event.target.value)}
            />
          </Field>
          <Field label={t('login.password')} error={errors.password} required>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              showLabel={t('login.showPassword')}
              hideLabel={t('login.hidePassword')}
            />
          </Field>
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Button type="submit" variant="primary" size="large" loading={busy} className="w-full">
            {t('login.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
