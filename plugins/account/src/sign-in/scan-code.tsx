import { useQuery } from '@tanstack/react-query';
import { SCAN_POLL_INTERVAL_MS } from '@vap/contracts';
import { ApiError, useT } from '@vap/kernel';
import { Alert, Button, Spinner } from '@vap/ui';
import { useEffect, useId, useRef } from 'react';

/** The QR code as an SVG image; the `qrcode` library loads only when a code is shown. */
async function qrImage(content: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(content, { type: 'svg', margin: 1, width: 200 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const isExpired = (error: unknown) =>
  error instanceof ApiError && (error.status === 410 || error.status === 404);

/**
 * The app account that confirmed cannot be used (sign-in: 403 `scan_not_bound`, bound to no one;
 * binding: 409 `scan_account_bound`, another user's): polling ends with the server's message.
 */
const refusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 403 || error.status === 409) ? error.message : null;

/**
 * A web address is the messaging app's own QR page (WeChat's website login), which must open in a
 * browser: drawn as a QR code, the phone would open it in the app, where it does not work.
 */
const isWebPage = (url: string) => /^https?:\/\//.test(url);

/** One kind of scan: how its code is made and polled, and which answer ends the wait. */
export interface ScanFlow<T> {
  /** Keeps the queries of each kind apart. */
  name: string;
  create: (signal: AbortSignal) => Promise<{ id: string; url: string }>;
  poll: (id: string, signal: AbortSignal) => Promise<T>;
  /** What a poll answers before the app has confirmed. */
  pending: T;
  isDone: (answer: T) => boolean;
}

/**
 * A QR code to scan with the messaging app, or a button opening the app's own QR page in a pop-up
 * window; polls every 2 s until an answer `isDone` (then `onDone`, once per answer), the code
 * expires, or the server refuses the app account. Needs a query client above it.
 */
export function ScanCode<T>({
  flow,
  onDone,
  failure,
  onRestart,
  hint,
  openLabel,
}: {
  flow: ScanFlow<T>;
  onDone: (answer: T) => void;
  /** What went wrong after the code was confirmed (shown like a refusal, with a new code offered). */
  failure?: string | null;
  onRestart?: () => void;
  hint: string;
  /** The button that opens the app's QR page; "Show the WeChat QR code" by default. */
  openLabel?: string;
}) {
  const t = useT('account');
  // Each code is made once for this component and never kept: a new one replaces it.
  const key = useId();
  const code = useQuery({
    queryKey: ['account', flow.name, 'code', key],
    queryFn: async ({ signal }) => {
      const { id, url } = await flow.create(signal);
      return isWebPage(url)
        ? { id, page: url, image: undefined }
        : { id, page: undefined, image: await qrImage(url) };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const id = code.isFetching ? undefined : code.data?.id;
  const poll = useQuery({
    queryKey: ['account', flow.name, 'poll', id],
    queryFn: ({ signal }) => flow.poll(id ?? '', signal),
    enabled: id !== undefined,
    // Pending until the first poll, 2 s after the code shows; then every 2 s until it ends.
    initialData: flow.pending,
    initialDataUpdatedAt: () => Date.now(),
    staleTime: SCAN_POLL_INTERVAL_MS,
    gcTime: 0,
    refetchInterval: (query) =>
      isExpired(query.state.error) ||
      refusal(query.state.error) ||
      (query.state.data !== undefined && flow.isDone(query.state.data))
        ? false
        : SCAN_POLL_INTERVAL_MS,
  });
  const done = poll.data !== undefined && flow.isDone(poll.data) ? poll.data : undefined;
  // The initial pending answer is never done, so each confirmed answer is a new object: once each.
  const reported = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (done === undefined || reported.current === done) return;
    reported.current = done;
    onDone(done);
  }, [done, onDone]);

  // A failed poll (network) is only logged by the client; the next one may work.
  const refused = refusal(poll.error);
  const state = code.isFetching
    ? { kind: 'loading' as const }
    : code.isError
      ? { kind: 'failed' as const, message: code.error.message }
      : failure || refused
        ? { kind: 'failed' as const, message: failure ?? refused ?? '' }
        : isExpired(poll.error)
          ? { kind: 'expired' as const }
          : { kind: 'waiting' as const, image: code.data?.image, page: code.data?.page };
  const start = () => {
    onRestart?.();
    void code.refetch();
  };

  return (
    <div className="flex flex-col items-center gap-3 py-2" aria-live="polite">
      <div className="relative flex h-[200px] w-[200px] items-center justify-center rounded border border-line-soft">
        {state.kind === 'waiting' && state.image ? (
          <img src={state.image} alt={t('scan.qrAlt')} width={200} height={200} />
        ) : null}
        {state.kind === 'waiting' && state.page ? (
          // The app's page sends its window to the server's callback, which ends at /scan-done.
          <Button
            type="button"
            variant="primary"
            onClick={() => window.open(state.page, 'vap-scan', 'popup,width=520,height=620')}
          >
            {openLabel ?? t('scan.openPage')}
          </Button>
        ) : null}
        {state.kind === 'loading' ? <Spinner /> : null}
        {state.kind === 'expired' || state.kind === 'failed' ? (
          <div className="flex flex-col items-center gap-2 px-4 text-center text-sm text-ink-soft">
            {state.kind === 'expired' ? <p>{t('scan.expired')}</p> : null}
            <Button type="button" variant="primary" onClick={start}>
              {t('scan.refresh')}
            </Button>
          </div>
        ) : null}
      </div>
      {state.kind === 'failed' ? <Alert tone="error">{state.message}</Alert> : null}
      <p className="text-center text-sm text-ink-soft">{hint}</p>
    </div>
  );
}
