import {
  COMPANY_CALLS,
  type CreateCompanyBody,
  createCompanyBodySchema,
  toFullWidthParentheses,
} from '@vap/contracts';
import { ApiError, useClient, useKernel, useSession, useT } from '@vap/kernel';
import {
  Alert,
  applyFieldErrors,
  Button,
  Form,
  FormField,
  Input,
  SubmitButton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useZodForm,
} from '@vap/ui';
import { useEffect, useRef, useState } from 'react';

/**
 * The company completion of /login (spec §2.1): a signed-in user without a company (a new sign-up,
 * or an account its company removed) holds no role and never enters the shell. They create a
 * company and become its owner, or wait for their company's owner to add them and check again;
 * either way `onCompleted` runs once the reloaded user info has a company.
 */
export default function CompanyCompletion({ onCompleted }: { onCompleted: () => void }) {
  const kernel = useKernel();
  const t = useT('account');
  const { user } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const account = user?.phone || user?.email || '';

  // The screen replaces the sign-in form under the keyboard: start reading at its heading.
  useEffect(() => heading.current?.focus(), []);

  /** Reloads user info; answers whether the user now has a company (and then leaves the page). */
  const reload = async () => {
    const state = await kernel.session.reload();
    if (state.status !== 'ready') return false;
    onCompleted();
    return true;
  };

  return (
    <section aria-labelledby="company-completion-title" className="flex flex-col gap-4">
      <div>
        <h2
          id="company-completion-title"
          ref={heading}
          tabIndex={-1}
          className="text-base font-medium text-ink focus:outline-none"
        >
          {t('completion.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{t('completion.intro', { account })}</p>
      </div>
      <Tabs defaultValue="create">
        <TabsList aria-label={t('completion.choices')} className="mb-1">
          <TabsTrigger value="create">{t('completion.create')}</TabsTrigger>
          <TabsTrigger value="wait">{t('completion.wait')}</TabsTrigger>
        </TabsList>
        <TabsContent value="create">
          <CreateCompany reload={reload} />
        </TabsContent>
        <TabsContent value="wait">
          <WaitToBeAdded account={account} reload={reload} />
        </TabsContent>
      </Tabs>
      <Button variant="default" className="w-full" onClick={() => void kernel.session.logout()}>
        {t('completion.signOut')}
      </Button>
    </section>
  );
}

/** Creates a company (POST /v1/pms/user/companies); its creator becomes the owner. */
function CreateCompany({ reload }: { reload: () => Promise<boolean> }) {
  const companyCalls = useClient(COMPANY_CALLS);
  const t = useT('account');
  const form = useZodForm(createCompanyBodySchema, { defaultValues: { name: '', title: '' } });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: CreateCompanyBody) => {
    setFailure(null);
    try {
      await companyCalls.createCompany({ body: values }, { quiet: true });
      await reload();
    } catch (error) {
      if (error instanceof ApiError && applyFieldErrors(form, error.fields)) return;
      setFailure(t('completion.createFail', { message: (error as Error).message }));
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={t('completion.create')}>
      <FormField
        name="name"
        label={t('completion.name')}
        required
        render={({ field }) => (
          <Input
            {...field}
            maxLength={100}
            autoComplete="organization"
            onChange={(event) => field.onChange(toFullWidthParentheses(event.target.value))}
          />
        )}
      />
      <FormField
        name="title"
        label={t('completion.companyTitle')}
        render={({ field }) => <Input {...field} value={field.value ?? ''} />}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <SubmitButton size="large" className="w-full">
        {t('completion.submit')}
      </SubmitButton>
    </Form>
  );
}

/** For a user their company's owner is to add: what to ask for, and a new look at user info. */
function WaitToBeAdded({ account, reload }: { account: string; reload: () => Promise<boolean> }) {
  const t = useT('account');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const check = async () => {
    setChecking(true);
    setOutcome(null);
    try {
      if (!(await reload())) setOutcome({ tone: 'info', text: t('completion.notYet') });
    } catch (error) {
      setOutcome({ tone: 'error', text: (error as Error).message });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-ink">{t('completion.waitText', { account })}</p>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <Button
        variant="primary"
        size="large"
        className="w-full"
        loading={checking}
        onClick={() => void check()}
      >
        {t('completion.checkAgain')}
      </Button>
    </div>
  );
}
