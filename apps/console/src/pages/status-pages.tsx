import { useT } from '@vap/kernel';
import { Button, Result, Spinner } from '@vap/ui';
import { Link } from 'react-router';
import { useDocumentTitle } from '../title.js';

/** A page the user cannot have, saying why, with the way back to the dashboard. */
function NoPagePage({ status, title, hint }: { status: '404' | '401'; title: string; hint: string }) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <main className="flex min-h-full items-center justify-center">
      <Result
        status={status}
        title={title}
        subtitle={hint}
        extra={
          <Button asChild variant="primary">
            <Link to="/dashboard">{t('app.backHome')}</Link>
          </Button>
        }
      />
    </main>
  );
}

export function NotFoundPage() {
  const t = useT();
  return <NoPagePage status="404" title={t('app.notFound')} hint={t('app.notFoundHint')} />;
}

export function UnauthorizedPage() {
  const t = useT();
  return <NoPagePage status="401" title={t('app.unauthorized')} hint={t('app.unauthorizedHint')} />;
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
