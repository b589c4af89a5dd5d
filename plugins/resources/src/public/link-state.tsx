import { ApiError, useT } from '@vap/kernel';
import { Button, Result, Spinner } from '@vap/ui';
import { type ReactNode, useCallback, useEffect, useState } from 'react';

/** What a public page's load came to. */
export type Loaded<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; value: T }
  | { kind: 'refused'; code: 'link_expired' | 'link_invalid' }
  | { kind: 'failed'; message: string };

/**
 * Loads what a public page shows once, and again on `retry`: a link's refusal (spec §8 'link
 * expired', 'invalid link') is told apart from any other failure, which offers to retry.
 */
export function usePublicLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloaded when the address's key changes or on retry.
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    load(controller.signal).then(
      (value) => setState({ kind: 'ready', value }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = error instanceof ApiError ? error.code : '';
        if (code === 'link_expired' || code === 'link_invalid') setState({ kind: 'refused', code });
        else setState({ kind: 'failed', message: error instanceof Error ? error.message : '' });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** A public page's frame: centred, readable on a phone. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6">{children}</main>;
}

/** The loading, refused and failed states of a public page. */
export function LinkStates({
  state,
  retry,
  loading,
}: {
  state: Loaded<unknown>;
  retry: () => void;
  loading: string;
}) {
  const t = useT('resources');
  if (state.kind === 'loading') {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-16 text-sm text-ink-soft">
        <Spinner /> {loading}
      </div>
    );
  }
  if (state.kind === 'refused') {
    const expired = state.code === 'link_expired';
    return (
      <Result
        status="error"
        title={expired ? t('link.expired') : t('link.invalid')}
        subtitle={expired ? t('link.expiredHint') : t('link.invalidHint')}
      />
    );
  }
  if (state.kind === 'failed') {
    return (
      <Result
        status="error"
        title={t('link.failed')}
        subtitle={state.message}
        extra={<Button onClick={retry}>{t('link.retry')}</Button>}
      />
    );
  }
  return null;
}
