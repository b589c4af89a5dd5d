import { useQuery } from '@tanstack/react-query';
import {
  AUTH_PATHS,
  SCAN_POLL_INTERVAL_MS,
  scanLoginCreatedSchema,
  scanLoginPollSchema,
} from '@vap/contracts';
import { ApiError, useKernel, useT } from '@vap/kernel';
import { QueryProvider } from '@vap/kernel/query';
import { Alert, Button, Spinner } from '@vap/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { signInWith } from './sign-in-after.js';

/** The QR code as an SVG image; the `qrcode` library loads only when this tab is opened. */
async function qrImage(content: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(content, { type: 'svg', margin: 1, width: 200 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A poll's answer before the app has confirmed: what the code shows while it waits. */
const PENDING = { state: 'pending' } as const;

const isExpired = (error: unknown) =>
  error instanceof ApiError && (error.status === 410 || error.status === 404);

/** The app account that confirmed is bound to no one (403 `scan_not_bound`): polling ends. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status === 403 ? error.message : null;

/**
 * A web address is the messaging app's own QR page (WeChat's website login), which must open in a
 * browser: drawn as a QR code, the phone would open it in the app, where it does not work.
 */
const isWebPage = (url: string) => /^https?:\/\//.test(url);

/** The token of a confirmed code, from a poll's answer. */
const tokenOf = (answer: { state: 'pending' } | { token: string } | undefined) =>
  answer && 'token' in answer ? answer.token : null;

/** Sign in by scanning a QR code with the messaging app: polls every 2 s until confirmed or expired. */
export function ScanSignIn(props: { onSignedIn: () => void }) {
  // The sign-in page has no query client of its own (it loads none): this tab brings the kernel's.
  return (
    <QueryProvider>
      <ScanCode {...props} />
    </QueryProvider>
  );
}

function ScanCode({ onSignedIn }: { onSignedIn: () => void }) {
  const kernel = useKernel();
  const t = useT('account');
  const tc = useT();
  // Each code is made once for this tab and never kept: a new one replaces it.
  const key = useId();
  const code = useQuery({
    queryKey: ['account', 'scan-code', key],
    queryFn: async ({ signal }) => {
      const { id, url } = await kernel.http.post(AUTH_PATHS.scanQrcode, undefined, {
        auth: false,
        schema: scanLoginCreatedSchema,
        quiet: true,
        signal,
      });
      return isWebPage(url)
        ? { id, page: url, image: undefined }
        : { id, page: undefined, image: await qrImage(url) };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const id = code.isFetching ? undefined : code.data?.id;
  const [signInFailure, setSignInFailure] = useState<string | null>(null);
  const poll = useQuery({
    queryKey: ['account', 'scan-login', id],
    queryFn: ({ signal }) =>
      kernel.http.post(
        AUTH_PATHS.scanLogin,
        { id: id ?? '' },
        { auth: false, schema: scanLoginPollSchema, quiet: true, signal },
      ),
    enabled: id !== undefined,
    // Pending until the first poll, 2 s after the code shows; then every 2 s until confirmed or expired.
    initialData: PENDING,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: SCAN_POLL_INTERVAL_MS,
    gcTime: 0,
    refetchInterval: (query) =>
      isExpired(query.state.error) || refusal(query.state.error) || tokenOf(query.state.data)
        ? false
        : SCAN_POLL_INTERVAL_MS,
  });
  const token = tokenOf(poll.data);
  // Signing in is what a confirmed code is for: once per token.
  const signedInWith = useRef<string | null>(null);
  useEffect(() => {
    if (!token || signedInWith.current === token) return;
    signedInWith.current = token;
    void signInWith(kernel, token, tc('app.noAccess')).then((failed) =>
      failed ? setSignInFailure(failed) : onSignedIn(),
    );
  }, [token, kernel, tc, onSignedIn]);

  // A failed poll (network) is only logged by the client; the next one may work.
  const refused = refusal(poll.error);
  const state = code.isFetching
    ? { kind: 'loading' as const }
    : code.isError
      ? { kind: 'failed' as const, message: code.error.message }
      : signInFailure || refused
        ? { kind: 'failed' as const, message: signInFailure ?? refused ?? '' }
        : isExpired(poll.error)
          ? { kind: 'expired' as const }
          : { kind: 'waiting' as const, image: code.data?.image, page: code.data?.page };
  const start = () => {
    setSignInFailure(null);
    void code.refetch();
  };

  return (
    <div className="flex flex-col items-center gap-3 py-2" aria-live="polite">
      <div className="relative flex h-[200px] w-[200px] items-center justify-center rounded border border-line-soft">
        {state.kind === 'waiting' && state.image ? (
          <img src={state.image} alt={t('scan.qrAlt')} width={200} height={200} />
        ) : null}
        {state.kind === 'waiting' && state.page ? (
          // The app's page sends its window to the server's callback; this tab's poll signs in.
          <Button
            type="button"
            variant="primary"
            onClick={() => window.open(state.page, 'vap-scan-sign-in', 'popup,width=520,height=620')}
          >
            {t('scan.openPage')}
          </Button>
        ) : null}
        {state.kind === 'loading' ? <Spinner /> : null}
        {state.kind === 'expired' || state.kind === 'failed' ? (
          <div className="flex flex-col items-center gap-2 px-4 text-center text-sm text-ink-soft">
            {state.kind === 'expired' ? <p>{t('scan.expired')}</p> : null}
            <Button type="button" variant="primary" onClick={() => void start()}>
              {t('scan.refresh')}
            </Button>
          </div>
        ) : null}
      </div>
      {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <p className="text-center text-sm text-ink-soft">{t('scan.hint')}</p>
    </div>
  );
}
