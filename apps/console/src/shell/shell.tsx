import { useSession, useT } from '@vap/kernel';
import { useState } from 'react';
import { readCookie, writeCookie } from '../cookies.js';
import { ShellRoutes } from './shell-routes.js';
import { Sidebar } from './sidebar.js';
import { Topbar } from './topbar.js';

const SIDEBAR_COOKIE = 'sidebarStatus';

/** The signed-in layout (spec §2.4): sidebar, top bar, and the current page. */
export default function Shell() {
  const t = useT();
  const { user, routes } = useSession();
  // Open unless the user closed it before (cookie `sidebarStatus`, '0' = closed).
  const [sidebarOpen, setSidebarOpen] = useState(() => readCookie(SIDEBAR_COOKIE) !== '0');
  const toggleSidebar = (open: boolean) => {
    setSidebarOpen(open);
    writeCookie(SIDEBAR_COOKIE, open ? '1' : '0');
  };
  if (!user || !routes) return null;
  return (
    <div className="flex h-full">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        {t('app.skipToContent')}
      </a>
      <Sidebar
        tree={routes.tree}
        company={user.company}
        collapsed={!sidebarOpen}
        onExpand={() => toggleSidebar(true)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar sidebarOpen={sidebarOpen} onToggleSidebar={() => toggleSidebar(!sidebarOpen)} />
        <main id="main" className="flex-1 overflow-auto p-4">
          <ShellRoutes routes={routes} />
        </main>
      </div>
    </div>
  );
}
