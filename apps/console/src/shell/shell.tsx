import { SIDEBAR_WIDTH_PX } from '@vap/contracts';
import { useSession, useT } from '@vap/kernel';
import { cn, Drawer, SizeProvider } from '@vap/ui';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { readCookie, writeCookie } from '../cookies.js';
import { useSettings } from './settings.js';
import { SettingsButton, SettingsPanel } from './settings-panel.js';
import { ShellRoutes } from './shell-routes.js';
import { Sidebar } from './sidebar.js';
import { TabBar } from './tab-bar.js';
import { Topbar } from './topbar.js';
import { useNarrow } from './use-narrow.js';

const SIDEBAR_COOKIE = 'sidebarStatus';

/** The signed-in layout (spec §2.4): sidebar, top bar, tab bar, and the current page. */
export default function Shell() {
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
    <SizeProvider size={settings.size}>
      <div className="flex h-full">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          {t('app.skipToContent')}
        </a>
        {narrow ? (
          // Under the breakpoint: a drawer over the page, closing on outside click, Escape and navigation.
          <Drawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            side="left"
            width={SIDEBAR_WIDTH_PX}
            title={t('navbar.mainMenu')}
            hideHeader
            className="border-0 bg-sidebar"
          >
            {sidebar}
          </Drawer>
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
              onOpenSettings={() => setSettingsOpen(true)}
            />
            {settings.tagsView ? <TabBar /> : null}
          </div>
          <main id="main" className="flex-1 p-4">
            <ShellRoutes routes={routes} />
          </main>
        </div>
        {settings.showSettings ? <SettingsButton onClick={() => setSettingsOpen(true)} /> : null}
        <SettingsPanel open={settingsOpen} onOpenChange={setSettingsOpen} />
      </div>
    </SizeProvider>
  );
}
