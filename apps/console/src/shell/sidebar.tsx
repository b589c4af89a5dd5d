import type { CompanyInfo } from '@vap/contracts';
import { type AppRoute, useT } from '@vap/kernel';
import { cn, MenuIcon } from '@vap/ui';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useRouteTitle } from './route-title.js';

/** Entries the sidebar shows: not hidden, and with a title (spec §2.4). */
function visible(routes: readonly AppRoute[]): AppRoute[] {
  return routes.filter((route) => !route.hidden && route.title !== '');
}

function containsPath(route: AppRoute, pathname: string): boolean {
  return route.path === pathname || route.children.some((child) => containsPath(child, pathname));
}

interface SidebarProps {
  tree: readonly AppRoute[];
  company: CompanyInfo | null;
  collapsed: boolean;
  onExpand: () => void;
}

export function Sidebar({ tree, company, collapsed, onExpand }: SidebarProps) {
  const t = useT();
  const title = company?.title || company?.name || t('app.title');
  return (
    <aside
      className={cn(
        'flex h-full shrink-0 flex-col bg-sidebar text-sidebar-ink transition-[width] duration-200',
        collapsed ? 'w-[54px]' : 'w-sidebar',
      )}
      data-testid="sidebar"
    >
      <div className="flex h-[50px] items-center gap-2 overflow-hidden px-3">
        {company?.logo ? (
          <img
            src={company.logo}
            alt={t('navbar.defaultLogo')}
            className="h-8 w-8 shrink-0 rounded object-contain"
          />
        ) : (
          <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
        )}
        <span className={cn('truncate font-semibold text-white', collapsed && 'sr-only')}>{title}</span>
      </div>
      <nav aria-label={t('navbar.mainMenu')} className="flex-1 overflow-y-auto overflow-x-hidden pb-4">
        <MenuList routes={visible(tree)} depth={0} collapsed={collapsed} onExpand={onExpand} />
      </nav>
    </aside>
  );
}

interface MenuListProps {
  routes: readonly AppRoute[];
  depth: number;
  collapsed: boolean;
  onExpand: () => void;
}

function MenuList({ routes, depth, collapsed, onExpand }: MenuListProps) {
  return (
    <ul className="flex flex-col">
      {routes.map((route) => (
        <li key={`${route.type}:${route.name}`}>
          {route.type === 'dir' ? (
            <MenuDir route={route} depth={depth} collapsed={collapsed} onExpand={onExpand} />
          ) : (
            <MenuEntry route={route} depth={depth} collapsed={collapsed} />
          )}
        </li>
      ))}
    </ul>
  );
}

const entryClass =
  'flex h-12 w-full items-center gap-3 pr-4 text-sm transition-colors hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';
const indent = (depth: number, collapsed: boolean) => ({ paddingLeft: collapsed ? 19 : 20 + depth * 16 });

function MenuDir({ route, depth, collapsed, onExpand }: Omit<MenuListProps, 'routes'> & { route: AppRoute }) {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const [open, setOpen] = useState(() => containsPath(route, pathname));
  const listId = `menu-${route.name}`;
  return (
    <>
      <button
        type="button"
        className={cn(entryClass, containsPath(route, pathname) && 'text-white')}
        style={indent(depth, collapsed)}
        aria-expanded={open && !collapsed}
        aria-controls={listId}
        title={collapsed ? title(route) : undefined}
        onClick={() => {
          if (collapsed) {
            onExpand();
            setOpen(true);
          } else setOpen((value) => !value);
        }}
      >
        <MenuIcon name={route.icon} />
        <span className={cn('flex-1 truncate text-left', collapsed && 'sr-only')}>{title(route)}</span>
        {collapsed ? null : (
          <ChevronDown
            aria-hidden="true"
            className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
          />
        )}
      </button>
      <div id={listId} hidden={!open || collapsed} className="bg-sidebar-active">
        <MenuList
          routes={visible(route.children)}
          depth={depth + 1}
          collapsed={collapsed}
          onExpand={onExpand}
        />
      </div>
    </>
  );
}

function MenuEntry({ route, depth, collapsed }: { route: AppRoute; depth: number; collapsed: boolean }) {
  const title = useRouteTitle();
  const label = (
    <>
      <MenuIcon name={route.icon} />
      <span className={cn('truncate', collapsed && 'sr-only')}>{title(route)}</span>
    </>
  );
  if (route.external) {
    return (
      <a
        href={route.path}
        target="_blank"
        rel="noopener noreferrer"
        className={entryClass}
        style={indent(depth, collapsed)}
      >
        {label}
      </a>
    );
  }
  return (
    <NavLink
      to={route.path}
      className={({ isActive }) => cn(entryClass, isActive && 'bg-primary text-white hover:text-white')}
      style={indent(depth, collapsed)}
      title={collapsed ? title(route) : undefined}
    >
      {label}
    </NavLink>
  );
}
