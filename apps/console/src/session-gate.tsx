import { type LazyComponent, preloadPage, routePage, useKernel, useSession } from '@vap/kernel';
import { type Kernel, REDIRECT_PREFIX, type RouteAssembly } from '@vap/kernel/host';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoading, SessionFailedPage } from './pages/status-pages.js';
import { routeTrail } from './shell/trail.js';

/**
 * What the first signed-in screen needs: the shell, the page at the address with its plugin's
 * strings, the top bar's items with theirs, the shell's strings, and the service container.
 * Loading it before that screen renders means no loading flash and no Suspense reveal delay (React
 * holds a loading state it has shown for at least 300 ms). Other plugins' strings load with their
 * pages (`routePage`), their cards (`withMessages`) or the user menu that names them. A failure is
 * left to the screen, whose error boundary shows it with a retry.
 */
function preloadFirstScreen(kernel: Kernel, routes: RouteAssembly, pathname: string, shell: LazyComponent) {
  const route = routeTrail(routes, pathname).at(-1);
  const page = route && routePage(route, kernel.i18n);
  const { context } = kernel.session.state;
  const topbarPlugins = kernel.registry.active(context).filter((plugin) => (plugin.topbar ?? []).length > 0);
  const namespaces = [
    ...kernel.i18n.extensions,
    ...topbarPlugins.flatMap((plugin) => (plugin.messages ?? []).map((ns) => ns.namespace)),
  ];
  return Promise.all([
    preloadPage(shell),
    page ? preloadPage(page) : null,
    ...kernel.registry.topbarItems(context).map((item) => preloadPage(item.component)),
    kernel.services.load(),
    kernel.i18n.loadNamespaces(namespaces),
  ]).catch(() => undefined);
}

/**
 * The signed-in part of the console. Without a usable token the user goes to
 * /login?redirect={the wanted address}; with one, the session loads first (spec §4.1). A 401 or
 * no page the user can open resets the token, and ends at the same sign-in page; any other failure
 * keeps the user signed in and shows why, with a retry. A user without a company, whose session
 * stops at 'no-company', goes to /login too: it shows them the company completion, and the shell is
 * never theirs.
 */
export function SessionGate({ children, preload }: { children: ReactNode; preload: LazyComponent }) {
  const kernel = useKernel();
  const session = useSession();
  const location = useLocation();
  const hasToken = kernel.session.token !== null;
  // Whether the first screen's code is loaded; a later reload of the session keeps the shell up.
  const [prepared, setPrepared] = useState(false);

  const load = useCallback(() => {
    kernel.session.load().catch((error: unknown) => {
      // The session's status says what follows: sign-in after a reset, else the retry state.
      console.warn('Session could not be loaded', error);
    });
  }, [kernel]);

  useEffect(() => {
    if (hasToken && session.status === 'anonymous') load();
  }, [hasToken, session.status, load]);

  useEffect(() => {
    const unclaimed = session.routes?.unclaimed ?? [];
    if (import.meta.env.DEV && unclaimed.length > 0) {
      console.warn(`Menu pages that no plugin claims: ${unclaimed.join(', ')}`);
    }
  }, [session.routes]);

  useEffect(() => {
    const { routes } = session;
    if (session.status === 'anonymous' || session.status === 'no-company') setPrepared(false);
    if (session.status !== 'ready' || !routes || prepared) return;
    let current = true;
    void preloadFirstScreen(kernel, routes, location.pathname, preload).then(() => {
      if (current) setPrepared(true);
    });
    return () => {
      current = false;
    };
  }, [kernel, session, prepared, preload, location.pathname]);

  // A reload of the session (status 'loading' with the routes still there) keeps the shell up.
  if (prepared && session.routes) return children;
  if (!hasToken || session.status === 'no-company') {
    // The redirect helper is public (spec §2.1): it re-opens its address, which asks for a session
    // only if it is a signed-in page.
    if (location.pathname.startsWith(`${REDIRECT_PREFIX}/`)) {
      const target = `${location.pathname.slice(REDIRECT_PREFIX.length)}${location.search}${location.hash}`;
      return <Navigate to={target} replace />;
    }
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  }
  if (session.status === 'failed')
    return <SessionFailedPage reason={session.error?.message ?? ''} onRetry={load} />;
  return <FullPageLoading />;
}
