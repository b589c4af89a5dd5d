import type { Language } from '@vap/contracts';
import {
  type LazyComponent,
  type LazyDialog,
  lazyPage,
  type Translate,
  useKernel,
  useLanguage,
  useSession,
  useT,
} from '@vap/kernel';
import {
  Button,
  confirm,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  LanguageSelect,
} from '@vap/ui';
import { ChevronDown, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useRouteTitle } from './route-title.js';
import { routeTrail } from './trail.js';

interface TopbarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  onOpenSettings: () => void;
}

export function Topbar({ sidebarOpen, onToggleSidebar, onOpenSettings }: TopbarProps) {
  const kernel = useKernel();
  const t = useT();
  const language = useLanguage();
  const { user, context } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<LazyDialog | null>(null);
  const topbarItems = kernel.registry.topbarItems(context);
  const userMenuItems = kernel.registry.userMenuItems(context);

  // The user menu names pages of other plugins in their strings: they load as the pointer or the
  // focus reaches the menu, not with every page.
  const loadUserMenuLabels = () => {
    const namespaces = kernel.registry
      .active(context)
      .filter((plugin) => (plugin.userMenu ?? []).length > 0)
      .flatMap((plugin) => (plugin.messages ?? []).map((ns) => ns.namespace));
    kernel.i18n.loadNamespaces(namespaces).catch(() => undefined);
  };

  const logout = async () => {
    const unsaved = kernel.tabs.unsaved();
    if (
      unsaved.length > 0 &&
      !(await confirm({
        title: t('tabs.unsavedTitle'),
        content: t('tabs.unsavedContent', {
          titles: unsaved.map((view) => view.label ?? t(view.title, { defaultValue: view.title })).join(', '),
        }),
        okText: t('tabs.discard'),
        cancelText: t('tabs.stay'),
        tone: 'danger',
      }))
    )
      return;
    const fullPath = `${location.pathname}${location.search}${location.hash}`;
    await kernel.session.logout();
    navigate(`/login?redirect=${encodeURIComponent(fullPath)}`, { replace: true });
  };

  return (
    <header className="flex h-[50px] shrink-0 items-center gap-3 border-b border-line-soft bg-surface px-3 shadow-[0_1px_4px_rgba(0,21,41,0.08)]">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={sidebarOpen}
        onClick={onToggleSidebar}
      >
        {sidebarOpen ? (
          <PanelLeftClose aria-hidden="true" className="h-5 w-5" />
        ) : (
          <PanelLeftOpen aria-hidden="true" className="h-5 w-5" />
        )}
      </Button>
      <Breadcrumbs />
      <div className="ml-auto flex items-center gap-3">
        {topbarItems.map((item) => (
          <Suspense key={item.id} fallback={null}>
            <LazyItem loader={item.component} />
          </Suspense>
        ))}
        <LanguageSelect
          label={t('navbar.language')}
          value={language}
          onChange={(language: Language) => void kernel.setLanguage(language)}
        />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              data-testid="user-menu"
              onPointerEnter={loadUserMenuLabels}
              onFocus={loadUserMenuLabels}
            >
              {/* The accessible name starts with the visible text (WCAG 2.5.3). */}
              <span className="max-w-40 truncate">{user?.nickname || user?.phone || user?.email}</span>
              <span className="sr-only">({t('navbar.userMenu')})</span>
              <ChevronDown aria-hidden="true" className="h-4 w-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => navigate('/dashboard')}>{t('menu.dashboard')}</DropdownMenuItem>
            {userMenuItems.map((item) => (
              <DropdownMenuItem
                key={item.id}
                onSelect={() =>
                  item.to ? navigate(item.to) : item.dialog && setDialog(() => item.dialog ?? null)
                }
              >
                <PluginLabel label={item.label} />
              </DropdownMenuItem>
            ))}
            <DropdownMenuItem onSelect={onOpenSettings}>{t('navbar.layoutSettings')}</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void logout()}>{t('navbar.logout')}</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <LazyDialogHost loader={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </header>
  );
}

/**
 * A plugin's label key (`own-account:profile.title`), known at run time only. Translated as the
 * menu opens, not as the top bar renders: that would fetch the strings of every plugin with an
 * entry on every page.
 */
function PluginLabel({ label }: { label: string }) {
  const t = useT() as Translate;
  return t(label);
}

function LazyItem({ loader }: { loader: LazyComponent }) {
  const Item = lazyPage(loader);
  return <Item />;
}

/** A plugin's user-menu dialog, mounted while open. */
function LazyDialogHost({ loader, onClose }: { loader: LazyDialog; onClose: () => void }) {
  const Dialog = lazyPage(loader);
  return <Dialog onClose={onClose} />;
}

/** Dashboard first, then the dirs and the page of the current address (spec §2.4). */
function Breadcrumbs() {
  const t = useT();
  const title = useRouteTitle();
  const { routes } = useSession();
  const { pathname } = useLocation();
  const trail = routes ? routeTrail(routes, pathname).filter((route) => route.name !== 'dashboard') : [];
  return (
    <nav aria-label={t('navbar.breadcrumb')} className="min-w-0">
      <ol className="flex items-center gap-2 truncate text-sm">
        <li>
          {trail.length === 0 ? (
            <span aria-current="page" className="text-ink">
              {t('menu.dashboard')}
            </span>
          ) : (
            <Link to="/dashboard" className="text-ink-soft hover:text-primary">
              {t('menu.dashboard')}
            </Link>
          )}
        </li>
        {trail.map((route, index) => (
          <li key={route.name} className="flex items-center gap-2">
            <span aria-hidden="true" className="text-ink-faint">
              /
            </span>
            <span
              aria-current={index === trail.length - 1 ? 'page' : undefined}
              className={index === trail.length - 1 ? 'text-ink' : 'text-ink-soft'}
            >
              {title(route)}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
