import { useQuery } from '@tanstack/react-query';
import {
  ACCESS_KEY_CALLS,
  callKey,
  type DebugAccessKey,
  type OpenApiDebug,
  type OpenOperation,
} from '@vap/contracts';
import { useClient, useLanguage, usePagePath, usePermission, useSession, useT } from '@vap/kernel';
import { Alert, Button, Card, Empty, Field, message, PasswordInput, Result, Select, Skeleton } from '@vap/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BODY_FILE, curlOf, type Exchange, send } from '../exchange.js';
import {
  type BuiltRequest,
  buildRequest,
  type FieldError,
  type FormValues,
  formOf,
} from '../operation-form.js';
import { isSecret, signRequest, subtleCrypto } from '../signing.js';
import { OperationFields } from './operation-fields.js';
import { ResponsePanel } from './response-panel.js';

/** The AccessKey page (plugin `system`), where keys are created. */
const ACCESS_KEY_PAGE = 'accesskey';

/**
 * The API debugger (spec §2.3 `openapi_debug`; issue 31). A role with the page's `send` button picks
 * one of the company's access keys (ids from the server, never secrets), types its secret, picks an
 * operation — the key's own first, any other to see the refusal a third party gets — and fills the
 * form generated from the operation's schema in the API document. Send signs the request in the
 * browser and sends it with the signature alone (no session), then shows status, time, headers and
 * body; "Copy as curl" signs it anew (a nonce is good once) and copies the command.
 */
export default function OpenApiDebugPage() {
  const t = useT('open-platform');
  const canSend = usePermission('send');
  if (!canSend) return <Result status="info" title={t('page.title')} subtitle={t('page.noSend')} />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-lg font-medium text-ink">{t('page.title')}</h1>
        <p className="text-sm text-ink-soft">{t('page.description')}</p>
      </div>
      {subtleCrypto() ? <Debugger /> : <Alert tone="error">{t('page.insecure')}</Alert>}
    </div>
  );
}

function Debugger() {
  const t = useT('open-platform');
  const shared = useT();
  const client = useClient(ACCESS_KEY_CALLS);
  const debug = useQuery({
    queryKey: callKey(ACCESS_KEY_CALLS.debug, {}),
    // Quiet: the page says why it failed.
    queryFn: ({ signal }) => client.debug({}, { signal, quiet: true }),
  });
  if (debug.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('page.title')}>
        <Skeleton lines={8} />
      </div>
    );
  }
  if (debug.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        <span>{t('page.loadFailed', { message: debug.error.message })}</span>
        <Button onClick={() => void debug.refetch()} disabled={debug.isFetching}>
          {shared('app.retry')}
        </Button>
      </div>
    );
  }
  if (debug.data.keys.length === 0) return <NoKeys />;
  return <DebugForm data={debug.data} />;
}

function NoKeys() {
  const t = useT('open-platform');
  const create = usePagePath(ACCESS_KEY_PAGE);
  return (
    <Empty
      description={
        <span className="flex flex-col gap-1">
          <strong className="text-ink">{t('empty.title')}</strong>
          <span>{create ? t('empty.createHint') : t('empty.askOwner')}</span>
        </span>
      }
      action={
        create ? (
          <Link to={create} className="text-sm text-primary hover:underline">
            {t('empty.create')}
          </Link>
        ) : null
      }
    />
  );
}

const operationLabel = (operation: OpenOperation) =>
  `${operation.method} ${operation.path}${operation.summary ? ` — ${operation.summary}` : ''}`;

function DebugForm({ data }: { data: OpenApiDebug }) {
  const t = useT('open-platform');
  const language = useLanguage();
  const { apiDoc } = useSession();
  const firstKey = data.keys.find((key) => !key.disabled) ?? data.keys[0];
  const [keyId, setKeyId] = useState(firstKey?.id ?? '');
  const key: DebugAccessKey | undefined = data.keys.find((item) => item.id === keyId);
  const [secret, setSecret] = useState('');
  const [secretError, setSecretError] = useState<string | undefined>();

  // The key's operations first, then the others (which the server refuses for this key).
  const operations = useMemo(() => {
    const granted = new Set(key?.operations ?? []);
    return [...data.operations].sort((a, b) => Number(granted.has(b.id)) - Number(granted.has(a.id)));
  }, [data.operations, key]);
  const granted = (operation: OpenOperation | undefined) =>
    operation !== undefined && (key?.operations.includes(operation.id) ?? false);
  const [operationId, setOperationId] = useState(operations[0]?.id ?? '');
  const operation = data.operations.find((item) => item.id === operationId);
  const form = useMemo(
    () => (operation ? formOf(apiDoc, operation.method, operation.path) : null),
    [apiDoc, operation],
  );
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [pending, setPending] = useState(false);
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const aborts = useRef<AbortController | null>(null);
  useEffect(() => () => aborts.current?.abort(), []);

  const chooseOperation = (id: string) => {
    setOperationId(id);
    setValues({});
    setErrors({});
    // The answer shown is the last operation's: gone with it.
    setExchange(null);
    setFailure(null);
  };

  /** The request of the form, signed now with a new nonce; null when something is to be fixed. */
  const signed = async (): Promise<{
    request: BuiltRequest;
    headers: Awaited<ReturnType<typeof signRequest>>;
  } | null> => {
    const secretOk = isSecret(secret);
    setSecretError(secretOk ? undefined : t('field.secretInvalid'));
    if (!form || !key) return null;
    const built = await buildRequest(form, values);
    if ('errors' in built) {
      setErrors(built.errors);
      return null;
    }
    setErrors({});
    if (!secretOk) return null;
    return { request: built.request, headers: await signRequest(built.request, { id: key.id, secret }) };
  };

  const submit = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      const ready = await signed();
      if (!ready) return;
      aborts.current?.abort();
      const controller = new AbortController();
      aborts.current = controller;
      setExchange(await send(ready.request, ready.headers, { language, signal: controller.signal }));
    } catch (error) {
      if ((error as Error).name !== 'AbortError')
        setFailure(t('request.failed', { message: (error as Error).message }));
    } finally {
      setPending(false);
    }
  };

  const copyCurl = async () => {
    const ready = await signed().catch(() => null);
    if (!ready) return;
    const { command, bodyFile } = curlOf(window.location.origin, ready.request, ready.headers, language);
    try {
      await navigator.clipboard.writeText(command);
    } catch {
      message.error(t('request.copyFailed'));
      return;
    }
    if (bodyFile && ready.request.body) {
      const url = URL.createObjectURL(new Blob([ready.request.body]));
      const link = document.createElement('a');
      link.href = url;
      link.download = BODY_FILE;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }
    message.success(
      bodyFile ? t('request.curlCopiedWithBody', { file: BODY_FILE }) : t('request.curlCopied'),
    );
  };

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Card title={t('request.title')}>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field label={t('request.key')} required>
            <Select
              value={keyId}
              onValueChange={setKeyId}
              options={data.keys.map((item) => ({
                value: item.id,
                label: item.disabled ? t('request.keyDisabled', { id: item.id }) : item.id,
              }))}
            />
          </Field>
          <Field label={t('request.secret')} required error={secretError} hint={t('request.secretHint')}>
            <PasswordInput
              value={secret}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              onChange={(event) => setSecret(event.target.value.trim())}
            />
          </Field>
          <Field
            label={t('request.operation')}
            required
            hint={
              operation && !granted(operation) ? t('request.notGrantedHint') : form?.description || undefined
            }
          >
            <Select
              value={operationId}
              onValueChange={chooseOperation}
              options={operations.map((item) => ({
                value: item.id,
                label: granted(item)
                  ? operationLabel(item)
                  : t('request.notGranted', { operation: operationLabel(item) }),
              }))}
            />
          </Field>
          {operation && !form ? <p className="text-sm text-ink-soft">{t('request.noSchema')}</p> : null}
          {form ? (
            <OperationFields
              form={form}
              values={values}
              errors={errors}
              onChange={(fieldKey, value) => setValues((current) => ({ ...current, [fieldKey]: value }))}
            />
          ) : null}
          {failure ? (
            <p role="alert" className="text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="primary" disabled={pending || !form} aria-busy={pending}>
              {t('request.send')}
            </Button>
            <Button type="button" disabled={!form} onClick={() => void copyCurl()}>
              {t('request.copyCurl')}
            </Button>
          </div>
        </form>
      </Card>
      <ResponsePanel exchange={exchange} />
    </div>
  );
}
