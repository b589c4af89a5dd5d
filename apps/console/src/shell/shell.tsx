import { lazyPage, useSession, useT } from '@vap/kernel';
import { QueryProvider } from '@vap/kernel/query';
import { cn, SizeProvider } from '@vap/ui';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { readCookie, writeCookie } from '../cookies.js';
import { useSettings } from './settings.js';
import { SettingsButton } from './settings-button.js';
import { ShellRoutes } from './shell-routes.js';
import { Sidebar } from './sidebar.js';
import { TabBar } from './tab-bar.js';
import { Topbar } from './topbar.js';
import { useNarrow } from './use-narrow.js';

const SIDEBAR_COOKIE = 'sidebarStatus';

// The drawers load when first needed (a narrow screen, the settings opened): their modal code
// (Radix dialog, focus trap, scroll lock) is not part of the first signed-in screen.
const SidebarDrawer = lazyPage(() => import('./sidebar-drawer.js'));
const SettingsPanel = lazyPage(async () => ({
  default: (await import('./settings-panel.js')).SettingsPanel,
}));

/** The signed-in layout (spec §2.4): sidebar, top bar, tab bar, and the current page. */
export default function Shell() {
  // Waits for the menu, tab and settings strings (the `shell` namespace), which the sign-in page
  // does not load: no signed-in screen shows a bare key.
  useT('shell');
  const t = useT();
  const { user, routes } = useSession();
  const settings = useSettings();
  const narrow = useNarrow();
  const { pathname } = useLocation();
  // Open unless the user closed it before (cookie `sidebarStatus`, '0' = closed).
  const [sidebarOpen, setSidebarOpen] = useState(() => readCookie(SIDEBAR_COOKIE) !== '0');
  // Under the breakpoint the sidebar is a drawer: forced closed, opened on demand (spec §2.4).
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from the first opening on, so that it can close (and reopen) like any drawer.
  const [settingsMounted, setSettingsMounted] = useState(false);
  const openSettings = () => {
    setSettingsMounted(true);
    setSettingsOpen(true);
  };
  const toggleSidebar = (open: boolean) => {
    setSidebarOpen(open);
    writeCookie(SIDEBAR_COOKIE, open ? '1' : '0');
  };
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigation and a resize across the breakpoint close the drawer.
  useEffect(closeDrawer, [pathname, narrow]);

  if (!user || !routes) return null;
  const sidebar = (
    <Sidebar
      tree={routes.tree}
      company={user.company}
      collapsed={!narrow && !sidebarOpen}
      drawer={narrow}
      showLogo={settings.sidebarLogo}
      onExpand={() => toggleSidebar(true)}
    />
  );
  return (
    // Server state of the signed-in pages (TanStack Query), emptied at the end of the session.
    <QueryProvider>
      <SizeProvider size={settings.size}>
        <div className="flex h-full">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
          >
            {t('app.skipToContent')}
          </a>
          {narrow ? (
            <Suspense fallback={null}>
              <SidebarDrawer open={drawerOpen} onOpenChange={setDrawerOpen} title={t('navbar.mainMenu')}>
                {sidebar}
              </SidebarDrawer>
            </Suspense>
          ) : (
            sidebar
          )}
          <div className="flex min-w-0 flex-1 flex-col overflow-auto" data-testid="shell-main">
            <div
              className={cn('z-30 flex flex-col', settings.fixedHeader && 'sticky top-0')}
              data-testid="shell-header"
            >
              <Topbar
                sidebarOpen={narrow ? drawerOpen : sidebarOpen}
                onToggleSidebar={() => (narrow ? setDrawerOpen(!drawerOpen) : toggleSidebar(!sidebarOpen))}
                onOpenSettings={openSettings}
              />
              {settings.tagsView ? <TabBar /> : null}
            </div>
            <main id="main" className="flex-1 p-4">
              <ShellRoutes routes={routes} />
            </main>
          </div>
          {settings.showSettings ? <SettingsButton onClick={openSettings} /> : null}
          {settingsMounted ? (
            <Suspense fallback={null}>
              <SettingsPanel open={settingsOpen} onOpenChange={setSettingsOpen} />
            </Suspense>
          ) : null}
        </div>
      </SizeProvider>
    </QueryProvider>
  );
}
