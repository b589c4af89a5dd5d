import { useT } from '@vap/kernel';
import { Alert, Button } from '@vap/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AuthLayout } from '../sign-in/auth-layout.js';

/** How long a confirmation stays readable before its pop-up closes itself. */
export const SCAN_DONE_CLOSE_MS = 1500;

const ERRORS = [
  'scan_not_bound',
  'scan_account_bound',
  'scan_code_invalid',
  'scan_expired',
  'service_unavailable',
] as const;
type ScanError = (typeof ERRORS)[number];
const isScanError = (code: string | null): code is ScanError => ERRORS.includes(code as ScanError);

/**
 * Where the server's scan callback sends the messaging app's window (`?result=ok`, or
 * `?result=error&code=…`). The console's own tab learns the outcome by polling; this window only
 * says it. A confirmation closes its pop-up by itself; a refusal stays, since the tab does not show
 * every refusal (a code WeChat did not confirm leaves the QR code waiting there).
 */
export default function ScanDonePage() {
  const t = useT('account');
  const query = new URLSearchParams(useLocation().search);
  const ok = query.get('result') === 'ok';
  const code = query.get('code');
  // An unknown scan (`not_found`) is, to its user, one that is no longer there.
  const error: ScanError | null = ok
    ? null
    : code === 'not_found'
      ? 'scan_expired'
      : isScanError(code)
        ? code
        : null;
  const popup = typeof window !== 'undefined' && window.opener != null;

  useEffect(() => {
    if (!ok || !popup) return;
    const timer = setTimeout(() => window.close(), SCAN_DONE_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [ok, popup]);

  return (
    <AuthLayout subtitle={t('scanDone.title')}>
      <div className="flex flex-col gap-4">
        {ok ? (
          <Alert tone="success">
            {query.get('state') === 'bound' ? t('scanDone.bound') : t('scanDone.confirmed')}
          </Alert>
        ) : (
          <Alert tone="error">{error ? t(`scanDone.errors.${error}`) : t('scanDone.failed')}</Alert>
        )}
        {popup ? (
          <Button type="button" variant="primary" onClick={() => window.close()}>
            {t('scanDone.close')}
          </Button>
        ) : null}
      </div>
    </AuthLayout>
  );
}
