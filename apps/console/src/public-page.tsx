import type { Language } from '@vap/contracts';
import {
  lazyPage,
  type Namespace,
  type Plugin,
  type PublicRouteContribution,
  preloadPage,
  type Translate,
  useKernel,
  useT,
} from '@vap/kernel';
import { type Kernel, preloadMessages, splitNamespace } from '@vap/kernel/host';
import { UI_NAMESPACE } from '@vap/ui';
import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoading } from './pages/status-pages.js';
import { useDocumentTitle } from './title.js';

/** A public route of a plugin (spec §2.1), with its browser title. */
export function PublicPage({ route }: { route: PublicRouteContribution }) {
  const Page = lazyPage(route.component);
  return (
    <Suspense fallback={<FullPageLoading />}>
      <PublicTitle titleKey={route.title} />
      <Page />
    </Suspense>
  );
}

/**
 * Fetches the code and strings of the public page at `pathname` (the sign-in page, mostly) while
 * the kernel boots, so that the console's first render shows it at once: a page that suspends
 * first shows the loading state, and React then holds that state for at least 300 ms before
 * revealing the page (its Suspense throttle), which was most of the time to an interactive sign-in
 * form. The loads start before the kernel has booted because each `import()` during a page load
 * takes its turn among the browser's loading tasks: side by side, they wait once.
 */
export async function preparePublicPage(
  plugins: readonly Plugin[],
  pathname: string,
  language: Language,
  booting: Promise<Kernel>,
): Promise<void> {
  const route = plugins
    .flatMap((plugin) => plugin.publicRoutes ?? [])
    .find((candidate) => candidate.path === pathname);
  if (!route) return;
  const [titleNamespace] = splitNamespace(route.title);
  const namespaces = [UI_NAMESPACE, ...(titleNamespace ? [titleNamespace] : [])];
  preloadMessages(
    plugins.flatMap((plugin) => plugin.messages ?? []).filter((ns) => namespaces.includes(ns.namespace)),
    language,
  );
  const code = preloadPage(route.component);
  const kernel = await booting.catch(() => null);
  // A failure here is shown by the page itself (its error boundary, with a retry).
  await Promise.all([code, kernel?.i18n.loadNamespaces(namespaces).catch(() => undefined)]);
}

function PublicTitle({ titleKey }: { titleKey: string }) {
  const [namespace, key] = splitNamespace(titleKey);
  // The title names its namespace at run time (`account:login.title`, a plugin's contribution):
  // no key for `tsc` to check, so `t` is called as a plain function of strings.
  const t = useT(namespace as Namespace) as Translate;
  useDocumentTitle(t(key));
  return null;
}

/**
 * A signed-in user visiting /login goes to the dashboard instead (spec §4.1), unless they have no
 * company: /login is where they complete one (the session gate sends them here).
 */
export function LoginGuard({ children }: { children: React.ReactNode }) {
  const { session } = useKernel();
  return session.token && session.state.status !== 'no-company' ? (
    <Navigate to="/dashboard" replace />
  ) : (
    children
  );
}
