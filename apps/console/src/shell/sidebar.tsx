import type { CompanyInfo } from '@vap/contracts';
import { type AppRoute, preloadPage, routePage, useKernel, useT } from '@vap/kernel';
import { cn, MenuIcon } from '@vap/ui';
import { ChevronDown, Search } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { filterMenu } from './menu-filter.js';
import { useRouteTitle } from './route-title.js';

/** Entries the sidebar shows: not hidden, and with a title (spec §2.4). */
function visible(routes: readonly AppRoute[]): AppRoute[] {
  return routes
    .filter((route) => !route.hidden && route.title !== '')
    .map((route) => (route.children.length > 0 ? { ...route, children: visible(route.children) } : route));
}

function containsPath(route: AppRoute, pathname: string): boolean {
  return route.path === pathname || route.children.some((child) => containsPath(child, pathname));
}

interface SidebarProps {
  tree: readonly AppRoute[];
  company: CompanyInfo | null;
  /** Icons only (the inline sidebar closed); never in drawer mode. */
  collapsed: boolean;
  /** Inside the narrow-screen drawer (spec §2.4): full width, never icons only. */
  drawer: boolean;
  showLogo: boolean;
  onExpand: () => void;
}

export function Sidebar({ tree, company, collapsed, drawer, showLogo, onExpand }: SidebarProps) {
  const t = useT();
  const title = useRouteTitle();
  const [search, setSearch] = useState('');
  const navRef = useRef<HTMLElement>(null);
  const companyTitle = company?.title || company?.name || t('app.title');
  const routes = filterMenu(visible(tree), search, title);
  const iconsOnly = collapsed && !drawer;

  return (
    <aside
      className={cn(
        'flex h-full shrink-0 flex-col bg-sidebar text-sidebar-ink transition-[width] duration-200',
        drawer ? 'w-full' : iconsOnly ? 'w-[54px]' : 'w-sidebar',
      )}
      data-testid="sidebar"
    >
      {showLogo ? (
        <div className="flex h-[50px] shrink-0 items-center gap-2 overflow-hidden px-3">
          {company?.logo ? (
            <img
              src={company.logo}
              alt={t('navbar.defaultLogo')}
              className="h-8 w-8 shrink-0 rounded object-contain"
            />
          ) : (
            <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
          )}
          <span className={cn('truncate font-semibold text-white', iconsOnly && 'sr-only')}>
            {companyTitle}
          </span>
        </div>
      ) : null}
      {iconsOnly ? null : (
        <div className="relative shrink-0 px-3 pt-1 pb-2">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-5 h-4 w-4 -translate-y-1/3 text-sidebar-ink/70"
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label={t('navbar.menuSearch')}
            placeholder={t('navbar.menuSearch')}
            className="h-8 w-full rounded border border-white/10 bg-white/5 pr-2 pl-8 text-sm text-white placeholder:text-sidebar-ink/70 focus:border-primary focus:outline-none"
          />
        </div>
      )}
      <nav
        ref={navRef}
        aria-label={t('navbar.mainMenu')}
        className="flex-1 overflow-y-auto overflow-x-hidden pb-4"
        onKeyDown={(event) => moveFocus(event, navRef.current)}
      >
        {routes.length === 0 ? (
          <p className="px-5 py-3 text-sm text-sidebar-ink/70">{t('navbar.menuNoMatch')}</p>
        ) : (
          <MenuList
            routes={routes}
            depth={0}
            collapsed={iconsOnly}
            expandAll={search.trim() !== ''}
            onExpand={onExpand}
          />
        )}
      </nav>
    </aside>
  );
}

/** Up/Down, Home/End move between the entries of the menu (links and dir toggles). */
function moveFocus(event: KeyboardEvent, nav: HTMLElement | null) {
  if (!nav || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  // Entries inside a closed dir are not reachable.
  const entries = [...nav.querySelectorAll<HTMLElement>('a, button')].filter(
    (entry) => !entry.closest('[hidden]'),
  );
  if (entries.length === 0) return;
  const index = entries.indexOf(document.activeElement as HTMLElement);
  const last = entries.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? Math.min(index + 1, last)
          : Math.max(index - 1, 0);
  event.preventDefault();
  entries[next]?.focus();
}

interface MenuListProps {
  routes: readonly AppRoute[];
  depth: number;
  collapsed: boolean;
  /** While searching every dir shows its matches. */
  expandAll: boolean;
  onExpand: () => void;
}

function MenuList({ routes, ...rest }: MenuListProps) {
  return (
    <ul className="flex flex-col">
      {routes.map((route) => (
        <li key={`${route.type}:${route.name}`}>
          {route.type === 'dir' ? (
            <MenuDir route={route} {...rest} />
          ) : (
            <MenuEntry route={route} depth={rest.depth} collapsed={rest.collapsed} />
          )}
        </li>
      ))}
    </ul>
  );
}

const entryClass =
  'flex h-12 w-full items-center gap-3 pr-4 text-sm transition-colors hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';
const indent = (depth: number, collapsed: boolean) => ({ paddingLeft: collapsed ? 19 : 20 + depth * 16 });

function MenuDir({
  route,
  depth,
  collapsed,
  expandAll,
  onExpand,
}: Omit<MenuListProps, 'routes'> & { route: AppRoute }) {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const [open, setOpen] = useState(() => containsPath(route, pathname));
  const shown = (open || expandAll) && !collapsed;
  const listId = `menu-${route.name}`;
  return (
    <>
      <button
        type="button"
        className={cn(entryClass, containsPath(route, pathname) && 'text-white')}
        style={indent(depth, collapsed)}
        aria-expanded={shown}
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
            className={cn('h-4 w-4 transition-transform', shown && 'rotate-180')}
          />
        )}
      </button>
      <div id={listId} hidden={!shown} className="bg-sidebar-active">
        <MenuList
          routes={route.children}
          depth={depth + 1}
          collapsed={collapsed}
          expandAll={expandAll}
          onExpand={onExpand}
        />
      </div>
    </>
  );
}

function MenuEntry({ route, depth, collapsed }: { route: AppRoute; depth: number; collapsed: boolean }) {
  const title = useRouteTitle();
  const { i18n } = useKernel();
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
  // The build does not list a page's chunks for preloading (that list would sit in the sign-in
  // page's first load): pointing at an entry starts fetching the page's code and strings instead.
  const preload = () => {
    const page = routePage(route, i18n);
    if (page) void preloadPage(page);
  };
  return (
    <NavLink
      to={route.path}
      className={({ isActive }) => cn(entryClass, isActive && 'bg-primary text-white hover:text-white')}
      style={indent(depth, collapsed)}
      title={collapsed ? title(route) : undefined}
      onPointerEnter={preload}
      onFocus={preload}
    >
      {label}
    </NavLink>
  );
}
