import { useMutation } from '@tanstack/react-query';
import {
  DEVICE_CALLS,
  type VerifyDeviceBody,
  type VerifyResult,
  type VerifyState,
  verifyDeviceBodySchema,
} from '@vap/contracts';
import { Permitted, useClient, usePermission, useT } from '@vap/kernel';
import {
  Alert,
  Card,
  Descriptions,
  Empty,
  Form,
  FormField,
  Input,
  Skeleton,
  SubmitButton,
  Tag,
  type TagTone,
  useZodForm,
} from '@vap/ui';

const STATE_TONES: Record<VerifyState, TagTone> = {
  bindable: 'success',
  bound_here: 'primary',
  bound_elsewhere: 'warning',
};

/**
 * Device verification (spec §2.3 device_verify): is a serial or device code, as printed on a unit,
 * one of the vendor's genuine units, what it is, and can this company bind it. The role's `verify`
 * button allows the check; the server limits how often (429, its message shown here).
 */
export default function VerifyPage() {
  const t = useT('devices');
  const api = useClient(DEVICE_CALLS);
  const form = useZodForm(verifyDeviceBodySchema, { defaultValues: { code: '' } });
  const mayVerify = usePermission('verify');
  const check = useMutation({
    mutationFn: (body: VerifyDeviceBody) => api.verify({ body }, { quiet: true }),
  });

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-medium text-ink">{t('verify.title')}</h1>
      <p className="text-sm text-ink-soft">{t('verify.intro')}</p>
      {mayVerify ? null : <Alert tone="info">{t('verify.notPermitted')}</Alert>}
      <Permitted button="verify">
        <Form
          form={form}
          onSubmit={(body) => check.mutateAsync(body).catch(() => undefined)}
          aria-label={t('verify.title')}
          className="flex-row flex-wrap items-start gap-3"
        >
          <FormField
            name="code"
            label={t('verify.code')}
            hint={t('verify.codeHint')}
            className="w-96 max-w-full"
            render={({ field }) => <Input {...field} autoComplete="off" maxLength={20} />}
          />
          <SubmitButton className="mt-6">{t('verify.submit')}</SubmitButton>
        </Form>
        <Outcome pending={check.isPending} error={check.error} result={check.data} />
      </Permitted>
    </div>
  );
}

function Outcome({
  pending,
  error,
  result,
}: {
  pending: boolean;
  error: Error | null;
  result: VerifyResult | undefined;
}) {
  const t = useT('devices');
  if (pending) {
    return (
      <Card title={t('verify.result')}>
        <Skeleton lines={4} />
      </Card>
    );
  }
  // The server's message, e.g. too many checks in a short time (429).
  if (error) return <Alert tone="error">{error.message || t('verify.failed')}</Alert>;
  if (!result) return <Empty description={t('verify.empty')} />;
  return (
    <Card title={t('verify.result')}>
      <div role="status" aria-label={t('verify.result')} className="flex flex-col gap-3">
        <Tag tone={result.genuine ? 'success' : 'danger'} className="self-start">
          {result.genuine ? t('verify.genuine') : t('verify.notGenuine')}
        </Tag>
        {result.genuine ? (
          <Descriptions
            bordered
            columns={2}
            items={[
              { key: 'sn', label: t('device.sn'), value: result.sn },
              { key: 'model', label: t('device.model'), value: result.model },
              { key: 'kind', label: t('verify.kind'), value: t(`kind.${result.kind}`) },
              { key: 'production', label: t('verify.productionDate'), value: result.production_date },
              {
                key: 'state',
                label: t('verify.state'),
                value: <Tag tone={STATE_TONES[result.state]}>{t(`verify.states.${result.state}`)}</Tag>,
              },
            ]}
          />
        ) : (
          <p className="text-sm text-ink-soft">{t('verify.notGenuineHint')}</p>
        )}
      </div>
    </Card>
  );
}
