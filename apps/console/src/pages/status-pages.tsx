import { useT } from '@vap/kernel';
import { Button, Result, Spinner } from '@vap/ui';
import { Link } from 'react-router';
import { useDocumentTitle } from '../title.js';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('app.notFound'));
  return (
    <main className="flex min-h-full items-center justify-center">
      <Result
        status="404"
        title={t('app.notFound')}
        subtitle={t('app.notFoundHint')}
        extra={
          <Button asChild variant="primary">
            <Link to="/dashboard">{t('app.backHome')}</Link>
          </Button>
        }
      />
    </main>
  );
}

export function UnauthorizedPage() {
  const t = useT();
  useDocumentTitle(t('app.unauthorized'));
  return (
    <main className="flex min-h-full items-center justify-center">
      <Result
        status="401"
        title={t('app.unauthorized')}
        subtitle={t('app.unauthorizedHint')}
        extra={
          <Button asChild variant="primary">
            <Link to="/dashboard">{t('app.backHome')}</Link>
          </Button>
        }
      />
    </main>
  );
}

export function FullPageLoading() {
  const t = useT();
  return (
    <div className="flex h-full items-center justify-center text-primary">
      <Spinner className="h-8 w-8" label={t('app.loading')} />
    </div>
  );
}

/**
 * The session could not load for a reason that is not the user's (the network, the timeout, a
 * proxy's 5xx): they are still signed in, see why, and load again (spec §8 keeps 401s apart).
 */
export function SessionFailedPage({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const t = useT();
  useDocumentTitle(t('app.sessionFailed'));
  return (
    <main role="alert" className="flex min-h-full items-center justify-center">
      <Result
        status="error"
        title={t('app.sessionFailed')}
        subtitle={reason}
        extra={
          <Button variant="primary" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        }
      />
    </main>
  );
}
