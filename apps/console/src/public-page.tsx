import {
  lazyPage,
  type Namespace,
  type PublicRouteContribution,
  type Translate,
  useKernel,
  useT,
} from '@vap/kernel';
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

function PublicTitle({ titleKey }: { titleKey: string }) {
  const [namespace, key] = titleKey.includes(':') ? titleKey.split(':', 2) : [undefined, titleKey];
  // The title names its namespace at run time (`account:login.title`, a plugin's contribution):
  // no key for `tsc` to check, so `t` is called as a plain function of strings.
  const t = useT(namespace as Namespace) as Translate;
  useDocumentTitle(t(key ?? titleKey));
  return null;
}

/** A signed-in user visiting /login goes to the dashboard instead (spec §4.1). */
export function LoginGuard({ children }: { children: React.ReactNode }) {
  const { session } = useKernel();
  return session.token ? <Navigate to="/dashboard" replace /> : children;
}
