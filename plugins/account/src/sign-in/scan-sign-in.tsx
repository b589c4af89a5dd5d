import {
  AUTH_PATHS,
  SCAN_POLL_INTERVAL_MS,
  scanLoginCreatedSchema,
  scanLoginPollSchema,
} from '@vap/contracts';
import { ApiError, useKernel, useT } from '@vap/kernel';
import { Alert, Button, Spinner } from '@vap/ui';
import { useCallback, useEffect, useState } from 'react';
import { signInWith } from './sign-in-after.js';

type State =
  | { kind: 'loading' }
  | { kind: 'waiting'; id: string; image: string }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

/** The QR code as an SVG image; the `qrcode` library loads only when this tab is opened. */
async function qrImage(content: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(content, { type: 'svg', margin: 1, width: 200 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Sign in by scanning a QR code with the messaging app: polls every 2 s until confirmed or expired. */
export function ScanSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const kernel = useKernel();
  const t = useT('account');
  const tc = useT();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const start = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const { id, url } = await kernel.http.post(AUTH_PATHS.scanQrcode, undefined, {
        auth: false,
        schema: scanLoginCreatedSchema,
        quiet: true,
      });
      setState({ kind: 'waiting', id, image: await qrImage(url) });
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
  }, [kernel]);

  useEffect(() => {
    void start();
  }, [start]);

  const waitingId = state.kind === 'waiting' ? state.id : null;
  useEffect(() => {
    if (!waitingId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await kernel.http.post(
          AUTH_PATHS.scanLogin,
          { id: waitingId },
          { auth: false, schema: scanLoginPollSchema, quiet: true },
        );
        if (stopped) return;
        if ('token' in answer) {
          stopped = true;
          const failed = await signInWith(kernel, answer.token, tc('app.noAccess'));
          if (failed) setState({ kind: 'failed', message: failed });
          else onSignedIn();
          return;
        }
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && (error.status === 410 || error.status === 404)) {
          setState({ kind: 'expired' });
          return;
        }
        // A failed poll (network) is only logged by the client; the next one may work.
      }
      timer = setTimeout(() => void poll(), SCAN_POLL_INTERVAL_MS);
    };
    timer = setTimeout(() => void poll(), SCAN_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waitingId, kernel, tc, onSignedIn]);

  return (
    <div className="flex flex-col items-center gap-3 py-2" aria-live="polite">
      <div className="relative flex h-[200px] w-[200px] items-center justify-center rounded border border-line-soft">
        {state.kind === 'waiting' ? (
          <img src={state.image} alt={t('scan.qrAlt')} width={200} height={200} />
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
