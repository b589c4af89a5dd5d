/**
 * Route assembly from the server menu (spec §2.3): the permitted routes the sidebar shows and
 * the router serves, with each page's button list. Pure: the same menu and plugins always give
 * the same routes.
 */
import { isOwner, joinMenuPath, type MenuItem, type UserMenus } from '@vap/contracts';
import type { ActivationContext, PageContribution } from './plugin.js';
import type { PluginRegistry } from './registry.js';

export interface AppRoute {
  readonly name: string;
  readonly type: 'dir' | 'page' | 'link';
  /** Full path of a page or dir; the address of a link. */
  readonly path: string;
  /** Locale key (or literal text) of the title; empty titles stay out of the sidebar. */
  readonly title: string;
  readonly icon: string;
  readonly hidden: boolean;
  /** Links to another site open in a new tab. */
  readonly external: boolean;
  /** Button names the user's role allows on this page (spec §2.3 `btn` items). */
  readonly buttons: readonly string[];
  readonly children: readonly AppRoute[];
  /** The screen; absent when no built plugin claims the page yet ("coming soon"). */
  readonly page?: PageContribution;
  /** The message namespaces of the page's plugin, which load with its code (`routePage`). */
  readonly messages?: readonly string[];
}

export interface RouteAssembly {
  /** The sidebar tree. */
  readonly tree: readonly AppRoute[];
  /** Every routable page by name, menu pages and the always-added pages of §2.2. */
  readonly byName: ReadonlyMap<string, AppRoute>;
  /** Server page names no plugin claims (reported, spec: no silent failure). */
  readonly unclaimed: readonly string[];
}

/** Whether the menus of user info grant nothing at all (spec §4.1). */
export function isEmptyMenus(menus: UserMenus): boolean {
  return !Array.isArray(menus) || menus.length === 0;
}

/**
 * Whether the sidebar tree holds a page the user can open: permitted, enabled, not hidden, and not
 * of a plugin the company's product flags turn off (assembly already dropped those, and dirs left
 * empty). A page no plugin claims counts: the shell opens it as "coming soon". Without one the
 * shell would be empty, which is the no-access case of spec §4.1 as much as menus that are an
 * empty object. The always-added pages of §2.2 (the dashboard, notices) are not in the tree and do
 * not count.
 */
export function hasOpenablePage(tree: readonly AppRoute[]): boolean {
  return tree.some((route) => (route.type === 'page' ? !route.hidden : hasOpenablePage(route.children)));
}

const EXTERNAL = /^(https?:|mailto:|tel:)/;

export function assembleRoutes(
  menus: UserMenus,
  registry: PluginRegistry,
  context: ActivationContext,
): RouteAssembly {
  const pages = registry.pages(context);
  const claimed = registry.claimedPageNames();
  const dirRules = new Map(registry.menuDirs().map((rule) => [rule.path, rule]));
  const byName = new Map<string, AppRoute>();
  const unclaimed: string[] = [];

  const build = (item: MenuItem, parentPath: string): AppRoute | null => {
    if (item.type === 'btn') return null;
    if (item.type === 'link') {
      const external = EXTERNAL.test(item.path);
      return {
        name: item.name,
        type: 'link',
        path: external ? item.path : joinMenuPath(parentPath, item.path),
        title: item.title,
        icon: item.icon,
        hidden: item.is_hidden,
        external,
        buttons: [],
        children: [],
      };
    }
    if (item.type === 'dir') {
      const rule = dirRules.get(item.path);
      if (rule && !rule.visible(context)) return null;
      const path = joinMenuPath(parentPath, item.path);
      const children = sortBySort(item.children)
        .map((child) => build(child, path))
        .filter((child): child is AppRoute => child !== null);
      if (children.length === 0) return null;
      return {
        name: item.name,
        type: 'dir',
        path,
        title: item.title,
        icon: item.icon,
        hidden: item.is_hidden,
        external: false,
        buttons: [],
        children,
      };
    }
    if (item.is_disable) return null;
    const claim = pages.get(item.name);
    if (!claim) {
      // A page of an inactive plugin (product flag off) is not shown; an unknown one is reported.
      if (claimed.has(item.name)) return null;
      unclaimed.push(item.name);
    }
    const route: AppRoute = {
      name: item.name,
      type: 'page',
      path: joinMenuPath(parentPath, item.path),
      title: item.title,
      icon: item.icon,
      hidden: item.is_hidden,
      external: false,
      buttons: item.children.filter((child) => child.type === 'btn').map((child) => child.name),
      children: [],
      ...(claim ? { page: claim.page, messages: claim.messages } : {}),
    };
    byName.set(route.name, route);
    return route;
  };

  const tree = Array.isArray(menus)
    ? sortBySort(menus)
        .map((item) => build(item, '/'))
        .filter((route): route is AppRoute => route !== null)
    : [];

  // The always-added hidden pages of spec §2.2. Their titles are their plugin's strings
  // (`notices:menu.notices`); a page of the catalogue keeps the catalogue's title.
  const owner = isOwner(context.user);
  for (const { page, namespace, messages } of pages.values()) {
    if (!page.always || byName.has(page.name)) continue;
    if (page.always.ownerOnly && !owner) continue;
    byName.set(page.name, {
      name: page.name,
      type: 'page',
      path: page.always.path,
      title: namespace ? `${namespace}:menu.${page.name}` : `menu.${page.name}`,
      icon: '',
      hidden: true,
      external: false,
      buttons: [],
      children: [],
      page,
      messages,
    });
  }
  return { tree, byName, unclaimed };
}

function sortBySort(items: readonly MenuItem[]): MenuItem[] {
  return [...items].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** The first page a user can open, for `/index` (spec §2.3); null sends to /404. */
export function firstPath(tree: readonly AppRoute[]): string | null {
  for (const route of tree) {
    if (route.type === 'page' && !route.hidden) return route.path;
    if (route.type === 'dir') {
      const inner = firstPath(route.children);
      if (inner) return inner;
    }
  }
  return null;
}

/**
 * What titles a route in the browser tab, the tab bar and the breadcrumbs (spec §2.3): the text its
 * page's title rule takes from the address, or else the locale key (or literal) of its menu item.
 */
export function routeTitle(route: AppRoute, search: string): { text: string } | { key: string } {
  const text = route.page?.title?.({ query: new URLSearchParams(search) });
  return text ? { text } : { key: route.title };
}

/** Browser title = page title followed by the product title (spec §2.3). */
export function documentTitle(pageTitle: string | undefined, productTitle: string): string {
  return pageTitle ? `${pageTitle} - ${productTitle}` : productTitle;
}
