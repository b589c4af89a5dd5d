import { useKernel, useSession } from '@vap/kernel';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoading } from './pages/status-pages.js';

/**
 * The signed-in part of the console. Without a usable token the user goes to
 * /login?redirect={the wanted address}; with one, the session loads first (spec §4.1), and a
 * failure — which resets the token — ends at the same sign-in page.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const kernel = useKernel();
  const session = useSession();
  const location = useLocation();
  const hasToken = kernel.session.token !== null;

  useEffect(() => {
    if (hasToken && session.status === 'anonymous') {
      kernel.session.load().catch((error: unknown) => {
        // The session already reset the token; the re-render sends the user to sign in.
        console.warn('Session could not be loaded', error);
      });
    }
  }, [hasToken, session.status, kernel]);

  useEffect(() => {
    const unclaimed = session.routes?.unclaimed ?? [];
    if (import.meta.env.DEV && unclaimed.length > 0) {
      console.warn(`Menu pages that no plugin claims: ${unclaimed.join(', ')}`);
    }
  }, [session.routes]);

  if (session.status === 'ready') return children;
  if (!hasToken) {
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  return <FullPageLoading />;
}
