import { type AppRoute, useKernel, useT, useTabs } from '@vap/kernel';
import {
  firstPath,
  LeaveGuardScope,
  PageHost,
  type RouteAssembly,
  routeTitle,
  type TabLocation,
  type TabView,
  tabKey,
} from '@vap/kernel/host';
import { Button, Result, Spinner } from '@vap/ui';
import { Activity, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import ComingSoon from '../pages/coming-soon.js';
import { useDocumentTitle } from '../title.js';
import { useRouteTitle } from './route-title.js';
import { routeTrail } from './trail.js';
import { UnknownAddress } from './unknown-address.js';

/**
 * The signed-in routes (spec §2.3): every permitted page at its path, `/index` to the first
 * available page (or /404), the refresh helper, 'not permitted' at the address of a page the role
 * lacks, and every other address to `/index`. Pages that keep their state (spec §2.3 "state kept")
 * live outside the router while their tab is open, one instance per tab, hidden with `<Activity>`
 * when another page shows.
 */
export function ShellRoutes({ routes }: { routes: RouteAssembly }) {
  const kept = useKeptPages(routes);
  return (
    <>
      <Routes>
        {[...routes.byName.values()].map((route) => (
          <Route
            key={route.name}
            path={route.path}
            element={route.page?.keepAlive ? null : <PageView route={route} />}
          />
        ))}
        <Route path="/index" element={<Navigate to={firstPath(routes.tree) ?? '/404'} replace />} />
        <Route path="/redirect/*" element={<RedirectBack />} />
        <Route path="*" element={<UnknownAddress />} />
      </Routes>
      {kept.map(({ key, tab, route, location, visible }) => (
        // What the page says of its unsaved work lasts while it is hidden (`useLeaveGuard`).
        <LeaveGuardScope key={key} tabKey={tab}>
          <Activity mode={visible ? 'visible' : 'hidden'}>
            {/* A hidden page keeps seeing the address it was left at, not the one now shown. */}
            <Routes location={location}>
              <Route path={route.path} element={<PageView route={route} />} />
            </Routes>
          </Activity>
        </LeaveGuardScope>
      ))}
    </>
  );
}

interface KeptPage {
  /** The tab key plus how often the tab was refreshed: a refresh remounts the page. */
  readonly key: string;
  /** The tab's key. */
  readonly tab: string;
  readonly route: AppRoute;
  readonly location: TabLocation;
  readonly visible: boolean;
}

/** The kept-alive pages with an open tab, plus the current one, each at its own address. */
function useKeptPages(routes: RouteAssembly): KeptPage[] {
  const { bus } = useKernel();
  const { views } = useTabs();
  const { pathname, search } = useLocation();
  const [refreshes, setRefreshes] = useState<Record<string, number>>({});
  useEffect(() => {
    const subscription = bus.subscribe('tabs.refresh', ({ key }) =>
      setRefreshes((current) => ({ ...current, [key]: (current[key] ?? 0) + 1 })),
    );
    return () => subscription.unsubscribe();
  }, [bus]);
  const here = routeTrail(routes, pathname).at(-1);
  const currentKey = here?.page?.keepAlive ? tabKey({ pathname, search }) : null;
  const pages = new Map<string, { route: AppRoute; location: TabLocation }>();
  for (const view of views) {
    const route = routes.byName.get(view.name);
    if (view.keepAlive && route?.page?.keepAlive) pages.set(view.key, { route, location: locationOf(view) });
  }
  if (here && currentKey) pages.set(currentKey, { route: here, location: { pathname, search } });
  return [...pages].map(([key, page]) => ({
    key: `${key}#${refreshes[key] ?? 0}`,
    tab: key,
    ...page,
    visible: key === currentKey,
  }));
}

function locationOf(view: TabView): TabLocation {
  const queryAt = view.fullPath.indexOf('?');
  return queryAt < 0
    ? { pathname: view.fullPath, search: '' }
    : { pathname: view.fullPath.slice(0, queryAt), search: view.fullPath.slice(queryAt) };
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
