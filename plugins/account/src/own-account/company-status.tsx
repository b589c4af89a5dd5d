import { isOwner, VERIFY_STATUS, type VerifyStatus } from '@vap/contracts';
import { lazyPage, useSession, useT } from '@vap/kernel';
import { cn } from '@vap/ui';
import { type ComponentProps, Suspense, useEffect, useRef, useState } from 'react';
import type { VerifyHintDialog as VerifyHint } from './verify-hint-dialog.js';

// The dialogs load when they open: the top bar of every signed-in screen carries the badge only.
const loadVerification = () => import('./verification-dialog.js');
const VerificationDialog = lazyPage(loadVerification);
const VerifyHintDialog = lazyPage<ComponentProps<typeof VerifyHint>>(() =>
  import('./verify-hint-dialog.js').then((module) => ({ default: module.VerifyHintDialog })),
);

const LOOK: Record<VerifyStatus, string> = {
  [VERIFY_STATUS.notVerified]: 'border-warning/40 bg-warning-soft text-warning',
  [VERIFY_STATUS.verifying]: 'border-primary/40 bg-primary-soft text-primary',
  [VERIFY_STATUS.verified]: 'border-success/40 bg-success-soft text-success',
  [VERIFY_STATUS.failed]: 'border-danger/40 bg-danger-soft text-danger',
};

type Open = 'hint' | 'verify' | null;

/**
 * The company part of the top bar (spec §2.4, §4.2). A user without a company never reaches the
 * shell (the company completion of /login comes first), so there is always a company here:
 * - the verification badge, owner only and only while verification is switched on; it opens the
 *   verification form;
 * - on load, a company not verified (0) or failed (3) opens the hint dialog, once per status.
 */
export default function CompanyStatus() {
  const tc = useT();
  const { user } = useSession();
  const [open, setOpen] = useState<Open>(null);
  const shown = useRef<string | null>(null);

  const company = user?.company ?? null;
  const status = company?.verify_status;
  const verifyOn = user?.verify_company ?? false;
  useEffect(() => {
    if (!user || !company) return;
    const key = `${user.id}:${company.id}:${status}`;
    if (shown.current === key) return;
    shown.current = key;
    if (verifyOn && (status === VERIFY_STATUS.notVerified || status === VERIFY_STATUS.failed))
      setOpen('hint');
  }, [user, company, status, verifyOn]);

  if (!user || !company) return null;
  // A dialog closes only itself: the hint's "verify" opens the form while the hint closes.
  const closing = (which: Open) => () => setOpen((current) => (current === which ? null : current));
  const owner = isOwner(user);

  return (
    <>
      {owner && verifyOn ? (
        <button
          type="button"
          data-testid="verify-badge"
          onClick={() => setOpen('verify')}
          className={cn(
            'hidden items-center gap-1 rounded-sm border px-2 py-0.5 text-xs hover:opacity-80 sm:inline-flex',
            LOOK[company.verify_status],
          )}
        >
          <span className="sr-only">{tc('verify.label')}: </span>
          {tc(`verify.status${company.verify_status}`)}
        </button>
      ) : null}
      {open === 'hint' ? (
        <Suspense fallback={null}>
          <VerifyHintDialog user={user} onClose={closing('hint')} onVerify={() => setOpen('verify')} />
        </Suspense>
      ) : null}
      {open === 'verify' && owner ? (
        <Suspense fallback={null}>
          <VerificationDialog onClose={closing('verify')} />
        </Suspense>
      ) : null}
    </>
  );
}
