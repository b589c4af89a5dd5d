import { AUTH_CALLS } from '@vap/contracts';
import {
  lazyPage,
  md5Hex,
  NoAccessError,
  preloadPage,
  type Translate,
  useClient,
  useKernel,
  useSession,
  useT,
} from '@vap/kernel';
import {
  Alert,
  Button,
  Field,
  Input,
  PasswordInput,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@vap/ui';
import { type FormEvent, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../redirect.js';
import { AuthLayout } from '../sign-in/auth-layout.js';

// The SMS and scan methods (forms, captcha, QR code) load when their tab is chosen, or pointed at:
// the sign-in page's first load carries the password method only.
const loadSms = () => import('../sign-in/sms-sign-in.js').then((module) => ({ default: module.SmsSignIn }));
const loadScan = () =>
  import('../sign-in/scan-sign-in.js').then((module) => ({ default: module.ScanSignIn }));
const SmsSignIn = lazyPage(loadSms);
const ScanSignIn = lazyPage(loadScan);
// Only a user without a company sees the company completion: it loads when they do.
const CompanyCompletion = lazyPage<{ onCompleted: () => void }>(
  () => import('../sign-in/company-completion.js'),
);
// The password method's rules load once the form is used (focus), before it is submitted.
const loadRules = () => import('../sign-in/password-rules.js');
const preloadRules = () => void loadRules().catch(() => undefined);

type Errors = Partial<Record<'account' | 'password', string>>;

/**
 * Sign in (spec §2.1 /login): password, phone and SMS code, or a QR code scanned with the messaging
 * app. Every method returns to `?redirect=` (see redirect.ts) — except for a user without a
 * company, for whom the page turns into the company completion until they have one.
 */
export default function LoginPage() {
  const kernel = useKernel();
  const t = useT('account');
  const navigate = useNavigate();
  const location = useLocation();
  const { status, user } = useSession();
  const leave = useCallback(
    () => navigate(redirectTarget(location.search), { replace: true }),
    [navigate, location.search],
  );
  // The session of a user without a company stops at status 'no-company': they stay here.
  const done = useCallback(() => {
    if (kernel.session.state.status === 'ready') leave();
  }, [kernel, leave]);
  // Signed in with a company: the page is about to leave for the wanted one.
  if (status === 'ready') {
    return (
      <AuthLayout subtitle={t('login.subtitle')}>
        <MethodLoading />
      </AuthLayout>
    );
  }
  // While "check again" reloads, the status is 'loading' with the same user: the screen stays.
  if (user && user.company === null) {
    return (
      <AuthLayout subtitle={t('completion.subtitle')}>
        <Suspense fallback={<MethodLoading />}>
          <CompanyCompletion onCompleted={leave} />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout subtitle={t('login.subtitle')}>
      <Tabs defaultValue="password">
        <TabsList aria-label={t('login.methods')} className="mb-1">
          <TabsTrigger value="password">{t('login.methodPassword')}</TabsTrigger>
          <TabsTrigger
            value="sms"
            onPointerEnter={() => void preloadPage(loadSms)}
            onFocus={() => void preloadPage(loadSms)}
          >
            {t('login.methodSms')}
          </TabsTrigger>
          <TabsTrigger
            value="scan"
            onPointerEnter={() => void preloadPage(loadScan)}
            onFocus={() => void preloadPage(loadScan)}
          >
            {t('login.methodScan')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="password">
          <PasswordSignIn onSignedIn={done} />
        </TabsContent>
        <TabsContent value="sms">
          <Suspense fallback={<MethodLoading />}>
            <SmsSignIn onSignedIn={done} />
          </Suspense>
        </TabsContent>
        <TabsContent value="scan">
          <Suspense fallback={<MethodLoading />}>
            <ScanSignIn onSignedIn={done} />
          </Suspense>
        </TabsContent>
      </Tabs>
      <div className="mt-4 flex justify-between text-sm">
        <Link className="text-primary hover:underline" to="/register">
          {t('login.toRegister')}
        </Link>
        <Link className="text-primary hover:underline" to="/forgetPwd">
          {t('login.toReset')}
        </Link>
      </div>
    </AuthLayout>
  );
}

function MethodLoading() {
  const tc = useT();
  return (
    <div className="flex justify-center py-8 text-primary">
      <Spinner className="h-6 w-6" label={tc('app.loading')} />
    </div>
  );
}

/** The password method: phone or email, and the md5 of the password (spec §7.1). */
function PasswordSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const kernel = useKernel();
  const auth = useClient(AUTH_CALLS);
  const t = useT('account');
  const tc = useT();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      const rules = await loadRules();
      const found: Errors = {};
      const accountIssue = rules.accountIssue(account);
      // The schema's message is a key of the console's validation strings, known at run time.
      if (accountIssue) found.account = (tc as Translate)(accountIssue);
      if (!password) found.password = tc('validation.required');
      setErrors(found);
      if (found.account || found.password) {
        setBusy(false);
        return;
      }
      const body = { account: account.trim(), password: await md5Hex(password) };
      // The form shows the failure inline.
      const { token } = await auth.loginPassword({ body }, { quiet: true });
      await kernel.session.signIn(token);
      onSignedIn();
    } catch (error) {
      // The server's own message (spec §8); the no-access case has its own warning (§4.1).
      setFailure(error instanceof NoAccessError ? tc('app.noAccess') : (error as Error).message);
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={preloadRules}
      className="flex flex-col gap-4"
      aria-label={t('login.title')}
    >
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
  );
}
