import { lazyPage } from '@vap/kernel';
import type { Kernel } from '@vap/kernel/host';
import { Suspense, useMemo } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import ComingSoon from './pages/coming-soon.js';
import { FullPageLoading, NotFoundPage, UnauthorizedPage } from './pages/status-pages.js';
import { LoginGuard, PublicPage } from './public-page.js';
import { SessionGate } from './session-gate.js';

/** The signed-in layout is its own chunk: the sign-in page does not load it. */
export const loadShell = () => import('./shell/shell.js');
const Shell = lazyPage(loadShell);

/** The public routes of spec §2.1 besides /login, /404, /401 and the redirect helper. */
export const SPEC_PUBLIC_PATHS = [
  '/register',
  '/forgetPwd',
  '/telnet',
  '/sharePage',
  '/official',
  '/protocol',
  '/ipcfile',
  '/open-pages/device-manager',
] as const;

/**
 * The development-only routes: the component gallery. The import sits behind
 * `import.meta.env.DEV`, which a production build replaces by `false`, so none of it is bundled.
 */
function devRoutes(): RouteObject[] {
  if (!import.meta.env.DEV) return [];
  const Gallery = lazyPage(() => import('./gallery/gallery.js'));
  return [
    {
      path: '/gallery',
      element: (
        <Suspense fallback={<FullPageLoading />}>
          <Gallery />
        </Suspense>
      ),
    },
  ];
}

/** The console's routes; `dev` adds the development-only ones (public, like /login). */
export function consoleRoutes(kernel: Kernel, dev: boolean = import.meta.env.DEV): RouteObject[] {
  const publicRoutes = kernel.registry.publicRoutes();
  const claimed = new Set(publicRoutes.map((route) => route.path));
  return [
    { path: '/', element: <Navigate to="/login" replace /> },
    ...publicRoutes.map((route) => ({
      path: route.path,
      element:
        route.path === '/login' ? (
          <LoginGuard>
            <PublicPage route={route} />
          </LoginGuard>
        ) : (
          <PublicPage route={route} />
        ),
    })),
    ...SPEC_PUBLIC_PATHS.filter((path) => !claimed.has(path)).map((path) => ({
      path,
      element: (
        <main className="flex min-h-full items-center justify-center">
          <ComingSoon />
        </main>
      ),
    })),
    ...(dev ? devRoutes() : []),
    { path: '/404', element: <NotFoundPage /> },
    { path: '/401', element: <UnauthorizedPage /> },
    {
      path: '*',
      element: (
        <SessionGate preload={loadShell}>
          <Suspense fallback={<FullPageLoading />}>
            <Shell />
          </Suspense>
        </SessionGate>
      ),
    },
  ];
}

/**
 * The console's routes inside whichever router holds them: the browser's in the app, a memory
 * router in tests. The app uses React Router's declarative `<BrowserRouter>`, not a data router
 * (`createBrowserRouter`): no route has a loader or an action, and the data router's machinery
 * would add some 16 KB (gzip) to the sign-in page's first load.
 */
export function ConsoleRoutes({ kernel }: { kernel: Kernel }) {
  const routes = useMemo(() => consoleRoutes(kernel), [kernel]);
  return useRoutes(routes);
}
