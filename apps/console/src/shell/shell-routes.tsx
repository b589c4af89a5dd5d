import {
  type AppRoute,
  firstPath,
  PageHost,
  type RouteAssembly,
  routeTitle,
  useKernel,
  useT,
} from '@vap/kernel';
import { Button, Result, Spinner } from '@vap/ui';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import ComingSoon from '../pages/coming-soon.js';
import { useDocumentTitle } from '../title.js';
import { useRouteTitle } from './route-title.js';

/**
 * The signed-in routes (spec §2.3): every permitted page at its path, `/index` to the first
 * available page (or /404), the refresh helper, and every other address to `/index`.
 */
export function ShellRoutes({ routes }: { routes: RouteAssembly }) {
  return (
    <Routes>
      {[...routes.byName.values()].map((route) => (
        <Route key={route.name} path={route.path} element={<PageView route={route} />} />
      ))}
      <Route path="/index" element={<Navigate to={firstPath(routes.tree) ?? '/404'} replace />} />
      <Route path="/redirect/*" element={<RedirectBack />} />
      <Route path="*" element={<Navigate to="/index" replace />} />
    </Routes>
  );
}

function PageView({ route }: { route: AppRoute }) {
  const t = useT();
  const title = useRouteTitle();
  const { pathname, search } = useLocation();
  const { tabs } = useKernel();
  // Every visit opens (or updates) the page's tab (spec §2.4).
  useEffect(() => tabs.open(route, { pathname, search }), [tabs, route, pathname, search]);
  const heading = routeTitle(route, search);
  useDocumentTitle('text' in heading ? heading.text : title(route));
  return (
    <PageHost
      route={route}
      comingSoon={<ComingSoon />}
      loading={
        <div className="flex justify-center py-16 text-primary">
          <Spinner className="h-8 w-8" label={t('app.loading')} />
        </div>
      }
      failed={(error, retry) => (
        <Result
          status="error"
          title={t('app.pageError')}
          subtitle={error.message}
          extra={<Button onClick={retry}>{t('app.retry')}</Button>}
        />
      )}
    />
  );
}

/** `/redirect/<path>` re-opens `<path>`, which remounts its page (used to refresh a tab). */
function RedirectBack() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
